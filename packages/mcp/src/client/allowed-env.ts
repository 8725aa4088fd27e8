/**
 * The variables a stdio server inherits from kodama's environment; everything
 * else (API keys above all) must be named in the entry's `env`. The SDK's own
 * list (as `sudo` keeps) plus locale, time zone and temp directory.
 */
export const ALLOWED_ENV: readonly string[] = Object.freeze([
  'HOME',
  'LOGNAME',
  'PATH',
  'SHELL',
  'TERM',
  'USER',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TMPDIR',
  'TZ',
]);

/** The allowlisted part of `from` with `overrides` set over it. Values that look like shell functions are dropped. */
export function serverEnvironment(
  from: NodeJS.ProcessEnv,
  overrides: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ALLOWED_ENV) {
    const value = from[key];
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  return { ...env, ...overrides };
}
