// What a folder's own configuration would do: the project files kodama reads
// that can change its behaviour (`.kodama/config.json`, `.mcp.json`), read as
// written (no `${VAR}` expanded), each part that widens what kodama may do
// described in a line a person can judge, and a digest of the files so a
// remembered answer holds only while they stay the same.
import { createHash } from 'node:crypto';
import { readdir, readFile, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { PROJECT_COMMANDS_DIR } from './commands-setup.ts';
import { backgroundLimits, type KodamaConfig } from './config.ts';
import type { ConfigRead } from './config-files.ts';

/** One part of a project's configuration that widens what kodama may do. */
export interface Widening {
  /** The file, relative to the root (`.mcp.json`, `.kodama/config.json`). */
  readonly file: string;
  /** What it would do: `would start: node evil.js (MCP server "fx")`. */
  readonly what: string;
  /** Who reads it: the assistant's configuration (`kodama`, `-p`) or MCP (every command that builds the assistant). */
  readonly use: 'config' | 'mcp';
}

/** A folder's project configuration, as a trust decision sees it. */
export interface ProjectConfigPlan {
  /** The root as given, and its real path (the key of a remembered answer). */
  readonly root: string;
  readonly realRoot: string;
  /** sha256 over the project files that exist (path and content): a changed file changes it. */
  readonly digest: string;
  /** The project's `.kodama/config.json`, when there is one. */
  readonly config: KodamaConfig | undefined;
  /** Every widening part, in file order. */
  readonly widening: readonly Widening[];
}

/** The project's configuration file, relative to the root (config-files.ts reads it). */
const CONFIG_FILE = join('.kodama', 'config.json');

/** The project files a trust decision covers, relative to the root. */
export const PROJECT_CONTROL_FILES: readonly string[] = [CONFIG_FILE, '.mcp.json'];

/** Control characters and invisible formatting a file could use to hide what it says on a terminal. */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** `text` safe to print: hidden characters shown as `\u{…}` escapes, long text cut. */
export function shown(text: string, max = 200): string {
  const visible = text.replace(HIDDEN, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);
  return visible.length > max ? `${visible.slice(0, max)}…` : visible;
}

/**
 * Describes what in the project's control files widens what kodama may do,
 * against the user's own configuration and the tools the command line offers
 * anyway (`base.tools`). The configuration files come as read once
 * (`base.files`, from `readKodamaConfig(env, root)`); `.mcp.json` is read
 * here. Narrowing parts (`deny` and `ask` rules, `theme`, `memory: false`,
 * `codeMode: false`, a `tools` list within the base, lower background limits) are not listed: they apply without trust.
 *
 * @throws McpConfigError naming the file for a `.mcp.json` that cannot be read (nothing of it is used).
 */
export async function projectConfigPlan(
  root: string,
  env: NodeJS.ProcessEnv,
  base: {
    readonly files: { readonly user: ConfigRead; readonly project: ConfigRead };
    readonly tools: readonly string[];
  },
): Promise<ProjectConfigPlan> {
  const realRoot = await realpath(root).catch(() => root);
  const hash = createHash('sha256').update('kodama project trust v1\0');
  const project = base.files.project;
  for (const file of PROJECT_CONTROL_FILES) {
    const text =
      file === CONFIG_FILE ? project.text : await readFile(join(root, file), 'utf8').catch(() => undefined);
    hash.update(`${file}\0${text === undefined ? '-' : `+${text.length}\0${text}`}\0`);
  }
  // Only a project with command files hashes them: the digests of the others stay as they were.
  const commands = await projectCommandFiles(root);
  for (const { file, text } of commands) hash.update(`${file}\0+${text.length}\0${text}\0`);
  // A file that cannot be read is the assistant's error to report (it reads the
  // file itself); here it widens nothing, and `kodama ask`, which does not read it, goes on.
  const config = project.config;
  const user = { user: base.files.user.config ?? {}, tools: base.tools };
  const widening: Widening[] = [
    ...(config ? configWidening(config, user) : []),
    ...(await mcpWidening(root, env)),
    ...commandsWidening(commands.map((c) => c.file)),
  ];
  return { root, realRoot, digest: hash.digest('hex'), config, widening };
}

function configWidening(
  config: KodamaConfig,
  base: { readonly user: KodamaConfig; readonly tools: readonly string[] },
): Widening[] {
  const file = CONFIG_FILE;
  const out: Widening[] = [];
  const say = (what: string) => out.push({ file, what, use: 'config' });
  if (config.model !== undefined && config.model !== base.user.model)
    say(`would change the model to ${shown(JSON.stringify(config.model))}`);
  if (config.maxTokens !== undefined && config.maxTokens !== base.user.maxTokens)
    say(`would set the output-token limit to ${config.maxTokens}`);
  if (config.embed !== undefined && config.embed !== base.user.embed)
    say(`would change the embedding model to ${shown(JSON.stringify(config.embed))}`);
  const allow = config.permissions?.allow ?? [];
  if (allow.length > 0) say(`would allow without asking: ${shown(allow.join(', '), 400)}`);
  const baseTools = base.user.tools ?? base.tools;
  const extra = (config.tools ?? []).filter((t) => !baseTools.includes(t));
  if (extra.length > 0) say(`would offer the tools: ${shown(extra.join(', '))}`);
  if (config.webSearch !== undefined)
    say(`would use its own web search keys (${Object.keys(config.webSearch).join(', ') || 'none'})`);
  if (config.cacheDir !== undefined)
    say(`would keep the URL cache in ${shown(JSON.stringify(config.cacheDir))}`);
  const checker = diagnosticsCommand(config.diagnostics);
  if (checker !== undefined && checker !== diagnosticsCommand(base.user.diagnostics))
    say(`would run after each edit: ${shown(checker, 300)}`);
  // A hook starts a program at every event it matches: the person judges each command line.
  for (const [event, matchers] of Object.entries(config.hooks ?? {}))
    for (const m of matchers ?? [])
      for (const h of m.hooks)
        say(
          `would run at ${event}${m.matcher ? ` (${shown(m.matcher, 60)})` : ''}: ${shown(h.command, 300)} (a hook)`,
        );
  if (config.memory === true && base.user.memory !== true)
    say('would turn memory on (your remembered facts would come into its conversations)');
  if (config.codeMode === true && base.user.codeMode !== true)
    say('would turn code mode on (the model would run programs that call its tools)');
  const ceiling = backgroundLimits(base.user);
  const words = { maxCommands: 'background commands', maxAgents: 'background sub-agents' } as const;
  for (const key of ['maxCommands', 'maxAgents'] as const) {
    const wanted = config.background?.[key];
    if (wanted !== undefined && wanted > ceiling[key])
      say(`would allow ${wanted} ${words[key]} at once (otherwise ${ceiling[key]})`);
  }
  return out;
}

async function mcpWidening(root: string, env: NodeJS.ProcessEnv): Promise<Widening[]> {
  const { existsSync } = await import('node:fs');
  // The MCP package (and its SDK) loads only when the project has the file: `kodama ask` starts fast.
  const path = join(root, '.mcp.json');
  if (!existsSync(path)) return [];
  const { readMcpFile } = await import('@kodama/mcp');
  const entries = await readMcpFile(path, env, { expand: false, project: true });
  return entries.map((e) => ({
    file: '.mcp.json',
    use: 'mcp' as const,
    what:
      e.transport === 'stdio'
        ? `would start: ${shown([e.command, ...e.args].join(' '), 300)} (MCP server "${e.id}"${setting(Object.keys(e.env), 'setting')})`
        : `would connect to: ${shown(e.url)} (MCP server "${e.id}"${setting(Object.keys(e.headers), 'sending')})`,
  }));
}

/** A project's slash commands: their text is sent to the model as the person's own prompt, and may name tools and a model. */
function commandsWidening(files: readonly string[]): Widening[] {
  if (files.length === 0) return [];
  const names = files.map((f) => `/${relative(PROJECT_COMMANDS_DIR, f).slice(0, -3).split(sep).join(':')}`);
  return [
    {
      file: PROJECT_COMMANDS_DIR,
      use: 'config',
      what: `would add the slash commands ${shown(names.join(', '), 300)} (their text goes to the model when you run one)`,
    },
  ];
}

function setting(names: readonly string[], verb: string): string {
  return names.length === 0 ? '' : `, ${verb} ${shown(names.join(', '))}`;
}

/** The project's command files (relative to the root, sorted) and their text, for the trust plan. */
async function projectCommandFiles(root: string): Promise<{ file: string; text: string }[]> {
  const dir = join(root, PROJECT_COMMANDS_DIR);
  let entries: { name: string; parentPath?: string; isFile(): boolean }[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const paths = entries
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => join(e.parentPath ?? (e as { path?: string }).path ?? dir, e.name))
    .sort();
  return Promise.all(
    paths.map(async (p) => ({ file: relative(root, p), text: await readFile(p, 'utf8').catch(() => '') })),
  );
}

/** The program a `diagnostics` setting runs after each edit, as the trust question shows it. */
function diagnosticsCommand(diagnostics: KodamaConfig['diagnostics']): string | undefined {
  if (!diagnostics) return undefined;
  return diagnostics.command ?? diagnostics.languageServer?.join(' ');
}
