// The hooks in effect for one run: those of the user's configuration and of
// a trusted project's (an untrusted project's never reach here: see
// `narrowedConfig`), run for an event when their matcher takes it, side by
// side, their answers folded into one.
import type { ToolEffectKind } from '@kodama/core';
import {
  CLAUDE_TOOL_NAMES,
  type HookCommand,
  type HookEvent,
  type HooksConfig,
  matcherPattern,
} from './hook-config.ts';
import { type HookAnswer, runHook } from './run-hook.ts';

/** The hooks of one configuration file. */
export interface HookSource {
  /** The file they come from, as messages name it. */
  readonly path: string;
  readonly hooks: HooksConfig;
}

/** What a match is judged on: a tool call's tool and effects, or an event's kind (`startup`). */
export interface HookTarget {
  readonly tool?: string;
  readonly effects?: readonly ToolEffectKind[];
  readonly kind?: string;
}

/** The folded answer of every hook an event ran. */
export interface HookOutcome {
  /** `deny` when any hook blocked (or failed closed), else `ask` when any asked, else `allow` when any allowed. */
  readonly decision?: 'allow' | 'deny' | 'ask';
  /** Why, naming the hook: said to the model for a block. */
  readonly reason?: string;
  /** The hook that decided, and its file (a rule's name for `allow` / `ask`). */
  readonly hook?: string;
  readonly source?: string;
  /** The deciding hook's command, shortened (`"./check.sh"`), for messages that name the event already. */
  readonly command?: string;
  /** Context for the model, each part marked with the hook it came from. */
  readonly context: readonly string[];
  /** How many hooks ran. */
  readonly ran: number;
}

/** Where and how hooks run. */
export interface HooksOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Told of a hook that failed open (a line on stderr for `-p`, a notice on the screen). */
  readonly notice?: (text: string) => void;
}

/** A hook command as a message names it: `PreToolUse hook "./check.sh"`. */
export function hookName(event: HookEvent, command: string): string {
  return `${event} hook ${shortCommand(command)}`;
}

/** A hook's command as messages quote it: its first 80 characters. */
function shortCommand(command: string): string {
  return JSON.stringify(command.length > 80 ? `${command.slice(0, 80)}…` : command);
}

/** The hooks of a run, from its configuration files. */
export class Hooks {
  readonly #sources: readonly HookSource[];
  readonly #options: HooksOptions;

  constructor(sources: readonly HookSource[], options: HooksOptions) {
    this.#sources = sources;
    this.#options = options;
  }

  /** True when some file configures a hook for `event`. */
  has(event: HookEvent): boolean {
    return this.#sources.some((s) => (s.hooks[event]?.length ?? 0) > 0);
  }

  /** The hook commands for `event` whose matcher takes `target`, with their files. */
  matching(event: HookEvent, target: HookTarget = {}): { hook: HookCommand; source: string }[] {
    const names = target.tool === undefined ? [] : [target.tool, ...(CLAUDE_TOOL_NAMES[target.tool] ?? [])];
    const words = target.kind !== undefined ? [target.kind] : [...names, ...(target.effects ?? [])];
    return this.#sources.flatMap((s) =>
      (s.hooks[event] ?? [])
        .filter((m) => {
          const pattern = matcherPattern(m.matcher);
          return pattern === undefined || words.some((w) => pattern.test(w));
        })
        .flatMap((m) => m.hooks.map((hook) => ({ hook, source: s.path }))),
    );
  }

  /**
   * Runs the hooks of `event` that match `target` with `input` (the common
   * fields are added: hook_event_name, cwd) and folds their answers. A hook
   * that fails blocks when it fails closed (PreToolUse's default), else it is
   * reported through `notice` and counts for nothing.
   */
  async run(
    event: HookEvent,
    input: Record<string, unknown>,
    target: HookTarget = {},
    signal?: AbortSignal,
  ): Promise<HookOutcome> {
    const hooks = this.matching(event, target);
    if (hooks.length === 0) return { context: [], ran: 0 };
    const payload = { hook_event_name: event, cwd: this.#options.cwd, ...input };
    const answers = await Promise.all(
      hooks.map(async ({ hook, source }) => ({
        hook,
        source,
        answer: await runHook(hook, event, payload, {
          cwd: this.#options.cwd,
          env: this.#options.env,
          ...(signal ? { signal } : {}),
        }),
      })),
    );
    return this.#fold(event, answers);
  }

  #fold(
    event: HookEvent,
    answers: readonly { hook: HookCommand; source: string; answer: HookAnswer }[],
  ): HookOutcome {
    const context: string[] = [];
    let decided:
      | { decision: 'allow' | 'deny' | 'ask'; reason?: string; hook: string; source: string; command: string }
      | undefined;
    const rank = { allow: 1, ask: 2, deny: 3 } as const;
    for (const { hook, source, answer } of answers) {
      const name = hookName(event, hook.command);
      let decision = answer.decision;
      let reason = answer.reason;
      if (answer.failure !== undefined) {
        const closed = hook.failClosed ?? event === 'PreToolUse';
        if (!closed) {
          this.#options.notice?.(`${name} (${source}) ${answer.failure}; going on without it`);
          continue;
        }
        decision = 'deny';
        reason = `the hook ${answer.failure}, and it fails closed`;
      }
      if (answer.context !== undefined)
        context.push(`[context from the ${name} in ${source}]\n${answer.context}`);
      if (decision !== undefined && (decided === undefined || rank[decision] > rank[decided.decision]))
        decided = {
          decision,
          ...(reason ? { reason } : {}),
          hook: name,
          source,
          command: shortCommand(hook.command),
        };
    }
    return { ...(decided ?? {}), context, ran: answers.length };
  }
}
