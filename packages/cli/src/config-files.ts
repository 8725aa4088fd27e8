// The one module that reads kodama's configuration files: the user's
// `config.json` and a project's `.kodama/config.json`. Every command reads
// them here, once per start, and hands the result on (the trust plan, the
// assistant's spec, the tools); nothing else opens them to read a setting
// (permission-config-edit.ts reads a file again only to change it, on the
// person's keystroke). The reading goes through a small seam so a test can count it.
import { readFile } from 'node:fs/promises';
import { configPath, type KodamaConfig, projectConfigPath, validateConfig } from './config.ts';

/** How the configuration files are read: the text, or undefined when there is no such file. */
export interface ConfigFs {
  /** @throws for any problem but a missing file (a directory, no permission). */
  readText(path: string): Promise<string | undefined>;
}

/** The process's file system. */
export const NODE_CONFIG_FS: ConfigFs = Object.freeze({
  async readText(path: string) {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
});

/**
 * One configuration file as read: its text (the trust digest hashes it) and
 * the checked configuration, or the error naming the file. A missing file has
 * neither text nor configuration nor error. Each caller decides what an error
 * means to it (the assistant refuses to start; a trust plan sees nothing).
 */
export interface ConfigRead {
  readonly path: string;
  readonly text: string | undefined;
  readonly config: KodamaConfig | undefined;
  readonly error: Error | undefined;
}

/** The user's file and, for a command with a project root, the project's, read once. */
export interface KodamaConfigFiles {
  readonly user: ConfigRead;
  readonly project: ConfigRead | undefined;
}

/** The files of a command with a project root: both were read. */
export interface ProjectConfigFiles extends KodamaConfigFiles {
  readonly project: ConfigRead;
}

async function readOne(path: string, fs: ConfigFs): Promise<ConfigRead> {
  let text: string | undefined;
  try {
    text = await fs.readText(path);
  } catch (error) {
    return Object.freeze({ path, text: undefined, config: undefined, error: error as Error });
  }
  if (text === undefined) return Object.freeze({ path, text, config: undefined, error: undefined });
  try {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    return Object.freeze({ path, text, config: validateConfig(path, value), error: undefined });
  } catch (error) {
    return Object.freeze({ path, text, config: undefined, error: error as Error });
  }
}

/** Reads a project's `.kodama/config.json` (see {@link readKodamaConfig}). */
export function readProjectConfig(root: string, fs: ConfigFs = NODE_CONFIG_FS): Promise<ConfigRead> {
  return readOne(projectConfigPath(root), fs);
}

/**
 * Reads the user's configuration file (`$XDG_CONFIG_HOME/kodama/config.json`,
 * else `~/.config/kodama/config.json`) and, with `root`, the project's
 * `.kodama/config.json`: each file once. Never throws: a problem is kept in
 * the file's {@link ConfigRead.error}.
 */
export async function readKodamaConfig(
  env: NodeJS.ProcessEnv,
  root: string,
  fs?: ConfigFs,
): Promise<ProjectConfigFiles>;
export async function readKodamaConfig(env: NodeJS.ProcessEnv): Promise<KodamaConfigFiles>;
export async function readKodamaConfig(
  env: NodeJS.ProcessEnv,
  root?: string,
  fs: ConfigFs = NODE_CONFIG_FS,
): Promise<KodamaConfigFiles> {
  const [user, project] = await Promise.all([
    readOne(configPath(env), fs),
    root === undefined ? undefined : readProjectConfig(root, fs),
  ]);
  return Object.freeze({ user, project });
}

/** The checked configuration of a file read; empty when it does not exist. @throws its error. */
export function configOf(read: ConfigRead): KodamaConfig {
  if (read.error) throw read.error;
  return read.config ?? {};
}

/** Reads the user's configuration file; a missing file is an empty configuration, a malformed one an error naming the file. */
export async function loadConfig(env: NodeJS.ProcessEnv): Promise<KodamaConfig> {
  return configOf((await readKodamaConfig(env)).user);
}
