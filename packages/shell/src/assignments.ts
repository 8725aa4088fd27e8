/**
 * Variables a prefix or bare assignment may set in a plain line: they change
 * output, not which program runs or what it loads. Every other name
 * (`PATH`, `LD_PRELOAD`, `BASH_ENV`, `NODE_OPTIONS`, `GIT_SSH_COMMAND`,
 * `npm_config_script_shell`, `PAGER`, …) can make an allowed command run
 * other code, so assigning it is beyond the plain subset.
 */
const SAFE_NAMES = new Set([
  'CI',
  'NODE_ENV',
  'FORCE_COLOR',
  'NO_COLOR',
  'TERM',
  'COLUMNS',
  'LINES',
  'LANG',
  'LANGUAGE',
  'TZ',
  'DEBUG',
  'VERBOSE',
  'RUST_BACKTRACE',
  'RUST_LOG',
  'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE',
]);

/** True when assigning `name` cannot change what runs (see {@link SAFE_NAMES}; `LC_*` too). */
export function isSafeAssignment(name: string): boolean {
  return SAFE_NAMES.has(name) || /^LC_[A-Z]+$/.test(name);
}
