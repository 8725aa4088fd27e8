// A PreToolUse hook's `allow` or `ask` for one call, seen by every decision
// the rules make while that call runs (the permission gate's and the tool's
// own confirmer's), and by no other call: it rides the call's async context,
// so calls that run side by side never see each other's verdicts.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PermissionSubject } from './permission-rule.ts';
import type { RuledDecision } from './permission-rules.ts';

/** What a PreToolUse hook said about the call now running. */
export interface HookVerdict {
  /** The tool the verdict is about: a decision about another tool's call (a sub-agent's) ignores it. */
  readonly tool: string;
  readonly decision: 'allow' | 'ask';
  /** The hook, as a decision names its rule (`PreToolUse hook "./check.sh"`). */
  readonly hook: string;
  /** The file the hook is configured in. */
  readonly source: string;
}

const verdicts = new AsyncLocalStorage<HookVerdict>();

/** Runs `work` (the call) with `verdict` in effect for the rules' decisions about it. */
export function withHookVerdict<T>(verdict: HookVerdict, work: () => T): T {
  return verdicts.run(verdict, work);
}

/**
 * The rules' decision with the running call's hook verdict applied: `allow`
 * or `ask` replaces what the rules say, except a deny (a rule's, plan mode's)
 * and a control file (always a person's question): a hook narrows those
 * never, and widens them never.
 */
export function applyHookVerdict(
  subject: PermissionSubject,
  ruled: RuledDecision | undefined,
): RuledDecision | undefined {
  const verdict = verdicts.getStore();
  if (verdict === undefined || verdict.tool !== subject.tool) return ruled;
  if (ruled?.decision === 'deny' || ruled?.protected !== undefined) return ruled;
  return { decision: verdict.decision, rule: verdict.hook, source: verdict.source };
}
