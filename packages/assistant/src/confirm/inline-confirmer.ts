import type { TaintedCall, TaintGate } from '@kodama/core';
import type { AskPerson, ConfirmAnswer, Confirmer, ConfirmRequest } from './confirm-types.ts';

/** The rule an "always" answer approves: the tool, and for bash the command's first word (`bash(npm:*)`). */
export function ruleOf(request: ConfirmRequest): string {
  if (request.tool !== 'bash') return request.tool;
  const word = request.detail.trim().split(/\s+/)[0] ?? '';
  return `bash(${word}:*)`;
}

/**
 * The assistant's confirmations: asked inline, one at a time, answered with
 * y / n (with an optional reason, handed to `onReason` so it reaches the
 * model) / a (approve this rule for the rest of the session). Also the
 * runtime taint gate, which never offers "always".
 */
export class InlineConfirmer implements Confirmer {
  readonly reviewed = true;
  readonly #ask: AskPerson;
  readonly #onReason: (request: ConfirmRequest, reason: string) => void;
  readonly #always = new Set<string>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(ask: AskPerson, onReason: (request: ConfirmRequest, reason: string) => void = () => {}) {
    this.#ask = ask;
    this.#onReason = onReason;
  }

  /** The rules approved with "always" so far. */
  get alwaysAllowed(): readonly string[] {
    return [...this.#always];
  }

  /** Forgets the "always" answers (a new session). */
  reset(): void {
    this.#always.clear();
  }

  confirm(request: ConfirmRequest, signal?: AbortSignal): Promise<boolean> {
    if (this.#always.has(ruleOf(request))) return Promise.resolve(true);
    return this.#serial(async () => {
      if (signal?.aborted) return false;
      if (this.#always.has(ruleOf(request))) return true;
      const answer = await this.#ask({ request, allowAlways: true }, signal);
      if (answer.kind === 'always') this.#always.add(ruleOf(request));
      return this.#approved(request, answer);
    });
  }

  /** The taint gate: asks about a call of an egress-capable tool after untrusted content came in. */
  readonly taintGate: TaintGate = (call: TaintedCall, signal: AbortSignal) =>
    this.#serial(async () => {
      const request: ConfirmRequest = {
        tool: call.toolName,
        title: `untrusted content from ${call.sources.join(', ')} is in this conversation; run ${call.toolName} anyway? It can send data out.`,
        detail: call.arguments,
        warnings: [],
      };
      return this.#approved(request, await this.#ask({ request, allowAlways: false }, signal));
    });

  #approved(request: ConfirmRequest, answer: ConfirmAnswer): boolean {
    if (answer.kind === 'no' && answer.reason) this.#onReason(request, answer.reason);
    return answer.kind !== 'no';
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
