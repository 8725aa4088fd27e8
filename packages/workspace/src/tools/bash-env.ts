// The environment a bash command gets. An allowlist, not a denylist: API
// keys live in environment variables under every name imaginable, and a
// command (or a model that prints `env`) must not see them by default.

/**
 * Variables passed to bash by default. An entry ending in `*` is a prefix.
 * HOME is not taken from the host unless the host passes `env` itself.
 */
export const DEFAULT_ENV_ALLOWLIST: readonly string[] = Object.freeze([
  'PATH',
  'HOME',
  'LANG',
  'LANGUAGE',
  'LC_*',
  'TERM',
  'USER',
  'LOGNAME',
  'SHELL',
  'TZ',
]);

/** Names that look like credentials; passed only when the allowlist names them exactly. */
const SECRET_NAME = /(^|_)(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)$/i;

/** What {@link bashEnvironment} builds from. */
export interface BashEnvironmentInput {
  /** The host's explicit base environment, or undefined for `process.env`. */
  readonly env: NodeJS.ProcessEnv | undefined;
  /** Names to pass (default {@link DEFAULT_ENV_ALLOWLIST}). */
  readonly allowlist: readonly string[] | undefined;
  /** HOME when the host did not pass `env`: the scratch dir (or `/tmp` inside the sandbox). */
  readonly defaultHome: string;
  /** TMPDIR for the command. */
  readonly tmpdir: string;
}

function allowed(name: string, allowlist: readonly string[]): boolean {
  if (allowlist.includes(name)) return true; // named exactly: the host means it
  if (SECRET_NAME.test(name)) return false;
  return allowlist.some((entry) => entry.endsWith('*') && name.startsWith(entry.slice(0, -1)));
}

/**
 * The allowlisted part of the base environment, HOME and TMPDIR set, and
 * `BASH_ENV`/`ENV` (files non-interactive shells source) always removed.
 */
export function bashEnvironment(input: BashEnvironmentInput): NodeJS.ProcessEnv {
  const base = input.env ?? process.env;
  const allowlist = input.allowlist ?? DEFAULT_ENV_ALLOWLIST;
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && allowed(name, allowlist)) env[name] = value;
  }
  if (input.env === undefined || env.HOME === undefined) env.HOME = input.defaultHome;
  env.TMPDIR = input.tmpdir;
  delete env.BASH_ENV;
  delete env.ENV;
  return env;
}
