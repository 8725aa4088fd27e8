// The hooks of a run's lifecycle, as one extension of the agent:
// SessionStart (run when the agent is built; its context goes with the first
// prompt), UserPromptSubmit (before each prompt reaches the model: a block
// ends the turn with the hook's reason, context goes in after the prompt),
// Stop and SubagentStop (when the agent's or a sub-agent's turn ends) and
// SessionEnd (when the agent closes, which waits for every hook still running).
import { type AgentEvent, type Content, contentText, type Extension } from '@kodama/core';
import type { HookOutcome, Hooks } from './hooks.ts';

/** Raised from UserPromptSubmit: the prompt was blocked (the turn fails with this message). */
export class PromptBlocked extends Error {}

/** What the lifecycle hooks know of the run. */
export interface LifecycleContext {
  readonly sessionId: () => string;
  /** `startup` for a new session, `resume` for a continued one (SessionStart's matcher and `source`). */
  readonly start: 'startup' | 'resume';
}

/** The hooks' context as the model reads it: one injected message after the prompt. */
function injected(parts: readonly string[]): Content | undefined {
  return parts.length === 0 ? undefined : parts.join('\n\n');
}

/** The lifecycle hooks as an extension (none when no file configures one). */
export function lifecycleHooks(hooks: Hooks, run: LifecycleContext): Extension | undefined {
  const events = ['SessionStart', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'SessionEnd'] as const;
  if (!events.some((e) => hooks.has(e))) return undefined;
  const pending = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  };
  const base = () => ({ session_id: run.sessionId() });
  let started: Promise<HookOutcome> | undefined;
  let consumed = false;
  const sessionStart = () => {
    started ??= track(hooks.run('SessionStart', { ...base(), source: run.start }, { kind: run.start }));
    return started;
  };
  return {
    name: 'hooks',
    configure(c) {
      void sessionStart();
      c.addListener({
        name: 'hooks',
        onEvent(event: AgentEvent) {
          if (event.type !== 'turn-end') return;
          const sub = event.agentId !== '';
          const name = sub ? 'SubagentStop' : 'Stop';
          if (!hooks.has(name)) return;
          void track(
            hooks.run(name, {
              ...base(),
              stop_hook_active: false,
              ...(sub ? { agent_id: event.agentId } : {}),
            }),
          );
        },
      });
      c.onClose(async () => {
        await Promise.allSettled([...pending]);
        if (hooks.has('SessionEnd')) await hooks.run('SessionEnd', { ...base(), reason: 'exit' });
      });
    },
    async onUserMessage(_context, content) {
      // SessionStart's context goes with the first prompt only.
      const start = consumed ? undefined : await sessionStart();
      consumed = true;
      const prompt = await hooks.run('UserPromptSubmit', { ...base(), prompt: contentText(content) });
      if (prompt.decision === 'deny')
        throw new PromptBlocked(
          `a UserPromptSubmit hook blocked this prompt: ${prompt.reason ?? 'it gave no reason'} (the hook ${prompt.command} in ${prompt.source})`,
        );
      return injected([...(start?.context ?? []), ...prompt.context]);
    },
  };
}
