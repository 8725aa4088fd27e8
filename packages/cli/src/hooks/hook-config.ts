// The `hooks` key of a configuration file, in the shape Claude Code's
// settings use, so a person's existing hooks read unchanged:
// {"hooks": {"PreToolUse": [{"matcher": "Bash|Edit", "hooks": [{"type": "command", "command": "…", "timeout": 60}]}]}}

/** The lifecycle points a hook can run at. */
export const HOOK_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SubagentStop',
  'PreCompact',
  'SessionEnd',
] as const;

/** One lifecycle point. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** One command a hook runs. */
export interface HookCommand {
  readonly type: 'command';
  /** Run by `/bin/sh -c` in the project root, the event as JSON on its stdin. */
  readonly command: string;
  /** Seconds before its process group is killed (default 60). */
  readonly timeout?: number;
  /**
   * What a hook that fails (exits other than 0 or 2, times out, cannot start)
   * does to what it guards: true blocks it, false lets it go on with a
   * notice. Default true for PreToolUse, false for the other events.
   */
  readonly failClosed?: boolean;
}

/** The commands of one event whose matcher takes the call. */
export interface HookMatcher {
  /**
   * Which tool calls (PreToolUse, PostToolUse) or which start or compaction
   * (SessionStart: `startup`, `resume`; PreCompact: `manual`, `auto`): a
   * regular expression matched whole against the tool's name, its Claude
   * Code name (`Bash`, `Edit`, …) and each effect it declares (`writesFile`,
   * `runsCommand`, `readsPath`, `reachesNetwork`). Absent, `""` or `*`: all.
   */
  readonly matcher?: string;
  readonly hooks: readonly HookCommand[];
}

/** The `hooks` key: matchers by event. */
export type HooksConfig = { readonly [E in HookEvent]?: readonly HookMatcher[] };

/** Default timeout of a hook, in seconds (Claude Code's). */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a `hooks` value.
 *
 * @throws Error naming the file and the place (`hooks.PreToolUse[0].hooks[1].timeout`).
 */
export function checkHooks(path: string, value: unknown): void {
  const shape = `{"PreToolUse": [{"matcher": "bash", "hooks": [{"type": "command", "command": "./check.sh"}]}]}`;
  if (!isObject(value)) throw new Error(`${path}: "hooks" must be an object like ${shape}`);
  for (const [event, matchers] of Object.entries(value)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event))
      throw new Error(
        `${path}: unknown hook event "hooks.${event}"; the events are ${HOOK_EVENTS.join(', ')}`,
      );
    if (!Array.isArray(matchers)) throw new Error(`${path}: "hooks.${event}" must be a list like ${shape}`);
    matchers.forEach((m, i) => {
      const at = `hooks.${event}[${i}]`;
      if (!isObject(m) || !Array.isArray(m.hooks))
        throw new Error(
          `${path}: "${at}" must be {"matcher": "…", "hooks": [{"type": "command", "command": "…"}]}`,
        );
      if (m.matcher !== undefined) {
        if (typeof m.matcher !== 'string') throw new Error(`${path}: "${at}.matcher" must be a string`);
        try {
          matcherPattern(m.matcher);
        } catch {
          throw new Error(`${path}: "${at}.matcher" is not a regular expression: ${m.matcher}`);
        }
      }
      for (const [j, h] of (m.hooks as unknown[]).entries()) checkCommand(path, `${at}.hooks[${j}]`, h);
    });
  }
}

function checkCommand(path: string, at: string, h: unknown): void {
  if (!isObject(h) || h.type !== 'command')
    throw new Error(`${path}: "${at}" must be {"type": "command", "command": "…"} (only command hooks run)`);
  if (typeof h.command !== 'string' || h.command.trim() === '')
    throw new Error(`${path}: "${at}.command" must be a command line`);
  if (h.timeout !== undefined && (typeof h.timeout !== 'number' || !(h.timeout > 0)))
    throw new Error(`${path}: "${at}.timeout" must be a number of seconds above 0`);
  if (h.failClosed !== undefined && typeof h.failClosed !== 'boolean')
    throw new Error(`${path}: "${at}.failClosed" must be true or false`);
}

/** A matcher as a whole-name regular expression; undefined for one that takes everything. */
export function matcherPattern(matcher: string | undefined): RegExp | undefined {
  if (matcher === undefined || matcher === '' || matcher === '*') return undefined;
  return new RegExp(`^(?:${matcher})$`);
}

/** Claude Code's names of kodama's tools, so `"matcher": "Bash|Edit"` takes kodama's bash and edit. */
export const CLAUDE_TOOL_NAMES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  bash: ['Bash'],
  edit: ['Edit', 'MultiEdit'],
  write: ['Write'],
  read: ['Read'],
  grep: ['Grep'],
  glob: ['Glob'],
  fetch: ['WebFetch'],
  web_search: ['WebSearch'],
  agent: ['Task'],
});
