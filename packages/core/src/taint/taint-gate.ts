import type { ToolEffect } from '../tool/tool-effects.ts';

/** A tool call the runtime taint gate holds for confirmation. */
export interface TaintedCall {
  /** The agent about to run the call ('' for a main agent). */
  readonly agentId: string;
  /** The egress-capable tool the model called. */
  readonly toolName: string;
  /** The call's arguments as the model wrote them (JSON text); show them sanitized, never run them. */
  readonly arguments: string;
  /** The tools whose untrusted output is in the conversation, first seen first. */
  readonly sources: readonly string[];
  /**
   * What the call declares it does (the tool's `effects` of its validated
   * arguments: the command it runs, the URL it reaches), so a gate judges it
   * by its effects, not its name; absent or `[]` when it declares none.
   */
  readonly effects?: readonly ToolEffect[];
}

/**
 * A gate's answer: `true` runs the call; `false` means a person was asked and
 * declined it; `'unattended'` means nobody could be asked (no terminal, a
 * headless run), so the call is refused as unconfirmed, and the model and
 * the user read that no one declined it.
 */
export type TaintAnswer = boolean | 'unattended';

/**
 * Decides whether a tainted call may run: typically asks a person, naming
 * the sources (`fetch brought in untrusted content; run bash anyway?`) and
 * the call in readable form (the command, the URL: see `describeToolCall`),
 * never offering "always". Resolve `true` to run the call, `false` when the
 * person declined it, `'unattended'` when there was no one to ask; `signal`
 * aborts when the turn is cancelled. An agent without a gate refuses every
 * tainted call as unattended.
 */
export type TaintGate = (call: TaintedCall, signal: AbortSignal) => TaintAnswer | Promise<TaintAnswer>;
