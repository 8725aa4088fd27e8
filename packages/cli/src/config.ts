import { homedir } from 'node:os';
import { join } from 'node:path';
import { checkHooks, type HooksConfig } from './hooks/hook-config.ts';

/** Permission rules as a configuration file writes them (`bash(npm test:*)`, `edit(src/**)`). */
export interface PermissionsConfig {
  readonly allow?: readonly string[];
  readonly ask?: readonly string[];
  readonly deny?: readonly string[];
}

/** How the files the agent edits are checked (see `planDiagnostics`): one of the two, or neither for the default. */
export interface DiagnosticsConfig {
  /** A check command run by `/bin/sh -c` in the project root after each edit (`npx tsc --noEmit -p .`). */
  readonly command?: string;
  /** A language server's argv, speaking LSP over stdio (`["typescript-language-server", "--stdio"]`). */
  readonly languageServer?: readonly string[];
}

/** How much background work may run at once (see {@link backgroundLimits} for the defaults). */
export interface BackgroundConfig {
  /** Commands started with bash's `run_in_background` (a person's Ctrl+B is not refused). */
  readonly maxCommands?: number;
  /** Sub-agents started with the agent tool's `background: true`, nested ones included. */
  readonly maxAgents?: number;
}

/**
 * The limits when the files say nothing: the same numbers as
 * `@kodama/workspace`'s BACKGROUND_MAX_RUNNING and `@kodama/subagents`'
 * DEFAULT_MAX_BACKGROUND_AGENTS (a test keeps them equal; this module imports
 * no package, so that reading the configuration loads none).
 */
export const BACKGROUND_DEFAULTS: Required<BackgroundConfig> = { maxCommands: 8, maxAgents: 3 };

/** The background limits in force: the configuration's, else the defaults. */
export function backgroundLimits(config: KodamaConfig): Required<BackgroundConfig> {
  return { ...BACKGROUND_DEFAULTS, ...config.background };
}

/**
 * kodama's configuration: the user's file, `$XDG_CONFIG_HOME/kodama/config.json`
 * (else `~/.config/kodama/config.json`), and for the assistant the project's
 * `.kodama/config.json`, which overrides it once the folder is trusted (until
 * then only its narrowing parts apply: see {@link narrowedConfig}).
 */
export interface KodamaConfig {
  /** Keys for the web_search engines; DuckDuckGo needs none. */
  readonly webSearch?: { readonly braveApiKey?: string; readonly exaApiKey?: string };
  /** Root of the URL cache of fetch, web_scrape and web_search; `null` turns it off. Default `$XDG_CACHE_HOME/kodama/url_cache`. */
  readonly cacheDir?: string | null;
  /** The assistant's model target when `--model` is not given. */
  readonly model?: string;
  /** The assistant's output-token limit of each model request when `--max-tokens` is not given. */
  readonly maxTokens?: number;
  /** The assistant's tools when `--tools` is not given. */
  readonly tools?: readonly string[];
  /** Permission rules of the assistant: allow runs without asking, ask always asks, deny refuses. */
  readonly permissions?: PermissionsConfig;
  /** `auto` (colours on a terminal unless NO_COLOR), `colour` or `plain`. */
  readonly theme?: 'auto' | 'colour' | 'plain';
  /** Memory across conversations for the assistant and `kodama ask` unless `--no-memory` (default false). */
  readonly memory?: boolean;
  /**
   * Code mode for the assistant and `kodama ask` unless `--no-code-mode`
   * (default false): the model calls tools by writing one program for `exec`.
   */
  readonly codeMode?: boolean;
  /** Tool search for the assistant and `kodama ask` (`--tool-search`; default false): large tool catalogs are deferred behind `tool_search`. */
  readonly toolSearch?: boolean;
  /**
   * The embedding target of a new corpus index and of memory when neither
   * `--embed` nor `$KODAMA_EMBED` says otherwise (an index keeps the one it was built with).
   */
  readonly embed?: string;
  /**
   * Diagnostics after an edit, in a trusted project: `false` turns them off; default a
   * TypeScript project's typescript-language-server when it is installed.
   */
  readonly diagnostics?: DiagnosticsConfig | false;
  /**
   * The assistant's permission mode when `--permission-mode` is not given and
   * a resumed session has none: any mode in the user's file; a project's file
   * may only choose `plan` or `default` (a project never widens what runs
   * without asking, trusted or not: see {@link projectPermissionMode}).
   */
  readonly permissionMode?: 'default' | 'accept-edits' | 'plan' | 'bypass';
  /**
   * Commands run at lifecycle points (docs/hooks.md), in Claude Code's shape.
   * A project's apply only once the folder is trusted: a hook starts a program.
   */
  readonly hooks?: HooksConfig;
  /**
   * How many background commands and sub-agents may run at once; each key
   * merges on its own, and a project's file that is not trusted may only
   * lower them (see {@link narrowedConfig}).
   */
  readonly background?: BackgroundConfig;
}

/** A configuration file that was read. */
export interface ConfigFile {
  readonly path: string;
  readonly config: KodamaConfig;
}

const KEYS = [
  'webSearch',
  'cacheDir',
  'model',
  'maxTokens',
  'tools',
  'permissions',
  'theme',
  'memory',
  'codeMode',
  'toolSearch',
  'embed',
  'diagnostics',
  'permissionMode',
  'hooks',
  'background',
] as const;
const MODES = ['default', 'accept-edits', 'plan', 'bypass'] as const;
const THEMES = ['auto', 'colour', 'plain'] as const;

/** Where the user's configuration file lives for this environment. */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'kodama', 'config.json');
}

/** Where a project's configuration file lives. */
export function projectConfigPath(root: string): string {
  return join(root, '.kodama', 'config.json');
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function stringList(path: string, key: string, value: unknown): void {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new Error(`${path}: "${key}" must be a list of strings, like ["bash(npm test:*)", "edit(src/**)"]`);
}

function checkBackground(path: string, value: unknown): void {
  const shape = `"background" must be an object like {"maxCommands": 8, "maxAgents": 3}`;
  if (!isObject(value)) throw new Error(`${path}: ${shape}`);
  for (const [key, limit] of Object.entries(value)) {
    if (key !== 'maxCommands' && key !== 'maxAgents')
      throw new Error(`${path}: unknown key "background.${key}"; use maxCommands or maxAgents`);
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0)
      throw new Error(`${path}: "background.${key}" must be a whole number, 0 or more (0 turns them off)`);
  }
}

function checkDiagnostics(path: string, value: unknown): void {
  const shape = `"diagnostics" must be false, {"command": "npx tsc --noEmit -p ."} or {"languageServer": ["typescript-language-server", "--stdio"]}`;
  if (value === false) return;
  if (!isObject(value)) throw new Error(`${path}: ${shape}`);
  const keys = Object.keys(value);
  if (keys.length !== 1 || (keys[0] !== 'command' && keys[0] !== 'languageServer'))
    throw new Error(`${path}: ${shape}`);
  if (value.command !== undefined && (typeof value.command !== 'string' || value.command.trim() === ''))
    throw new Error(`${path}: "diagnostics.command" must be a command line`);
  if (value.languageServer !== undefined) {
    stringList(path, 'diagnostics.languageServer', value.languageServer);
    if ((value.languageServer as unknown[]).length === 0)
      throw new Error(`${path}: "diagnostics.languageServer" must name the server's program`);
  }
}

/**
 * Checks a parsed configuration file.
 *
 * @throws Error naming the file and the key: an unknown key, a value of the wrong kind.
 */
export function validateConfig(path: string, value: unknown): KodamaConfig {
  if (!isObject(value)) throw new Error(`${path} must hold a JSON object`);
  for (const key of Object.keys(value))
    if (!(KEYS as readonly string[]).includes(key))
      throw new Error(`${path}: unknown key "${key}"; the keys are ${KEYS.join(', ')}`);
  const {
    webSearch,
    cacheDir,
    model,
    maxTokens,
    tools,
    permissions,
    theme,
    memory,
    codeMode,
    toolSearch,
    embed,
    diagnostics,
    permissionMode,
    hooks,
    background,
  } = value;
  if (hooks !== undefined) checkHooks(path, hooks);
  if (diagnostics !== undefined) checkDiagnostics(path, diagnostics);
  if (background !== undefined) checkBackground(path, background);
  if (permissionMode !== undefined && !(MODES as readonly unknown[]).includes(permissionMode))
    throw new Error(`${path}: "permissionMode" must be one of ${MODES.join(', ')}`);
  if (webSearch !== undefined) {
    if (!isObject(webSearch)) {
      throw new Error(
        `${path}: "webSearch" must be an object like {"braveApiKey": "...", "exaApiKey": "..."}`,
      );
    }
    for (const key of ['braveApiKey', 'exaApiKey']) {
      const v = webSearch[key];
      if (v !== undefined && typeof v !== 'string')
        throw new Error(`${path}: "webSearch.${key}" must be a string`);
    }
  }
  if (cacheDir !== undefined && cacheDir !== null && typeof cacheDir !== 'string') {
    throw new Error(`${path}: "cacheDir" must be a directory path, or null to turn the URL cache off`);
  }
  if (model !== undefined && (typeof model !== 'string' || model.trim() === ''))
    throw new Error(`${path}: "model" must be a model target such as "openai:gpt-4o-mini"`);
  if (maxTokens !== undefined && !(Number.isSafeInteger(maxTokens) && (maxTokens as number) > 0))
    throw new Error(`${path}: "maxTokens" must be a positive whole number of tokens, such as 4096`);
  if (tools !== undefined) stringList(path, 'tools', tools);
  if (memory !== undefined && typeof memory !== 'boolean')
    throw new Error(`${path}: "memory" must be true or false`);
  if (codeMode !== undefined && typeof codeMode !== 'boolean')
    throw new Error(`${path}: "codeMode" must be true or false`);
  if (toolSearch !== undefined && typeof toolSearch !== 'boolean')
    throw new Error(`${path}: "toolSearch" must be true or false`);
  if (embed !== undefined && (typeof embed !== 'string' || embed.trim() === ''))
    throw new Error(`${path}: "embed" must be an embedding target such as "ollama:nomic-embed-text"`);
  if (theme !== undefined && !(THEMES as readonly unknown[]).includes(theme))
    throw new Error(`${path}: "theme" must be one of ${THEMES.map((t) => `"${t}"`).join(', ')}`);
  if (permissions !== undefined) {
    if (!isObject(permissions))
      throw new Error(
        `${path}: "permissions" must be an object like {"allow": [...], "ask": [...], "deny": [...]}`,
      );
    for (const key of Object.keys(permissions)) {
      if (key !== 'allow' && key !== 'ask' && key !== 'deny')
        throw new Error(`${path}: unknown key "permissions.${key}"; use allow, ask or deny`);
      stringList(path, `permissions.${key}`, permissions[key]);
    }
  }
  return value as KodamaConfig;
}

/**
 * What of a project's `.kodama/config.json` applies without trust: only what
 * narrows. Its `deny` and `ask` rules, `theme`, `memory: false`, `codeMode: false`, a
 * `tools` list within `baseTools` (the tools the run would offer anyway), and
 * a background limit no higher than the user's (else the default).
 * Never an `allow` rule, a model, an output-token limit, an embedding target, web search keys, a
 * cache directory, memory or code mode turned on, a tool beyond the base, hooks (each
 * starts a program) or a higher background limit.
 */
export function narrowedConfig(
  project: KodamaConfig,
  baseTools: readonly string[],
  user: KodamaConfig = {},
): KodamaConfig {
  const { permissions, theme, memory, codeMode, toolSearch, tools, permissionMode } = project;
  const ceiling = backgroundLimits(user);
  const background = Object.fromEntries(
    Object.entries(project.background ?? {}).filter(
      ([key, limit]) => limit <= ceiling[key as keyof BackgroundConfig],
    ),
  );
  const rules = {
    ...(permissions?.ask?.length ? { ask: permissions.ask } : {}),
    ...(permissions?.deny?.length ? { deny: permissions.deny } : {}),
  };
  return {
    ...(Object.keys(rules).length > 0 ? { permissions: rules } : {}),
    ...(theme === undefined ? {} : { theme }),
    ...(memory === false ? { memory } : {}),
    // Code mode keeps every rule, but it runs model-written programs in a new
    // engine: the person turns it on, not a cloned repository.
    ...(codeMode === false ? { codeMode } : {}),
    // Tool search only changes how the same tools reach the model: not a widening.
    ...(toolSearch === undefined ? {} : { toolSearch }),
    ...(tools?.every((t) => baseTools.includes(t)) ? { tools } : {}),
    ...(permissionMode === 'plan' ? { permissionMode } : {}),
    ...(Object.keys(background).length > 0 ? { background } : {}),
  };
}

/**
 * A project's file, trusted or not, never chooses a mode that runs more
 * without asking (`accept-edits`, `bypass`): a cloned repository must not turn
 * the person's questions off. Only the person's own file or flag does.
 */
export function projectPermissionMode(config: KodamaConfig): KodamaConfig {
  if (config.permissionMode !== 'accept-edits' && config.permissionMode !== 'bypass') return config;
  const { permissionMode: _dropped, ...rest } = config;
  return rest;
}

/** How {@link assistantConfig} treats the project's file. */
export interface ProjectConfigUse {
  /** The person trusted this folder's configuration: all of it applies. Default false: only what narrows. */
  readonly trusted?: boolean;
  /** The tools the run offers anyway; an untrusted `tools` list applies only within them. */
  readonly baseTools?: readonly string[];
}

/** The two files as read (config-files.ts reads them; this module reads none). */
interface ReadFiles {
  readonly user: { readonly path: string; readonly config: KodamaConfig | undefined; readonly error?: Error };
  readonly project?:
    | { readonly path: string; readonly config: KodamaConfig | undefined; readonly error?: Error }
    | undefined;
}

/**
 * The assistant's configuration from the files read: the user's, then the
 * project's, which overrides it key by key: all of it when trusted, else only
 * what narrows ({@link narrowedConfig}). Returns the merged values and the
 * files that exist, the project's first, each with the part of it that applies.
 *
 * @throws the error of a file that could not be read or checked (the project's first).
 */
export function assistantConfig(
  read: ReadFiles,
  use: ProjectConfigUse = {},
): { readonly config: KodamaConfig; readonly files: readonly ConfigFile[] } {
  const files: ConfigFile[] = [];
  for (const file of [read.project, read.user]) {
    if (file?.error) throw file.error;
    if (!file?.config) continue;
    const applied =
      file !== read.project
        ? file.config
        : use.trusted
          ? projectPermissionMode(file.config)
          : narrowedConfig(file.config, read.user.config?.tools ?? use.baseTools ?? [], read.user.config);
    files.push({ path: file.path, config: applied });
  }
  const merged: Record<string, unknown> = {};
  for (const { config } of [...files].reverse()) {
    // The background limits merge key by key: a project's maxAgents leaves the user's maxCommands.
    const background = { ...(merged.background as BackgroundConfig | undefined), ...config.background };
    Object.assign(merged, config, Object.keys(background).length > 0 ? { background } : {});
  }
  return { config: merged as KodamaConfig, files };
}
