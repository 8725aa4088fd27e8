import type { Model } from '@kodama/core';
import type { ModelRequest, ModelStreamPart, StreamOptions } from '@kodama/core/model';
import type { RecordedRequest, Script, ScriptedAnswer, ScriptedReply } from '../script.ts';
import { pickReply } from '../shared/pick-reply.ts';
import { callIdCounter, type ResolvedAnswer, resolveAnswer } from '../shared/resolve-answer.ts';
import { abortReason, sleep, waitForAbort } from '../shared/sleep.ts';
import { closingParts, contentParts } from './answer-parts.ts';
import {
  cutFaultError,
  emptyChoicesFaultError,
  httpFaultError,
  noFinishFaultError,
  streamFaultError,
} from './fault-error.ts';

/** Options of {@link ScriptedModel}. */
export interface ScriptedModelOptions {
  /** Provider name; default `scripted`. */
  readonly provider?: string;
  /** Model id; default `scripted-model`. */
  readonly modelId?: string;
  /** What {@link ScriptedModel.contextWindow} answers; `undefined` (unknown) when absent. */
  readonly contextWindow?: number;
}

/**
 * An in-process {@link Model} that replays a {@link Script}, for unit tests of
 * code that consumes models. Strict: asking for more replies than scripted
 * throws, and {@link ScriptedModel.assertDone} throws when replies are left over.
 * Faults become thrown `ModelError`s (after the parts that precede them).
 * Script functions receive a RecordedRequest with method `POST`, path `/scripted`
 * and the ModelRequest as `body`.
 */
export class ScriptedModel implements Model {
  readonly specificationVersion = 'kodama.model.v1' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly #script: Script;
  readonly #contextWindow: number | undefined;
  readonly #calls: ModelRequest[] = [];
  readonly #nextCallId = callIdCounter();

  constructor(script: Script, options: ScriptedModelOptions = {}) {
    this.#script = script;
    this.provider = options.provider ?? 'scripted';
    this.modelId = options.modelId ?? 'scripted-model';
    this.#contextWindow = options.contextWindow;
  }

  /** Every request received, deep-copied, in call order. */
  get calls(): readonly ModelRequest[] {
    return this.#calls;
  }

  /** Records the request and picks its reply now; the parts are produced as the result is iterated. */
  stream(request: ModelRequest, options: StreamOptions = {}): AsyncIterable<ModelStreamPart> {
    const copy = structuredClone(request);
    const recorded: RecordedRequest = {
      method: 'POST',
      path: '/scripted',
      headers: {},
      body: copy,
      callIndex: this.#calls.length,
    };
    this.#calls.push(copy);
    const picked = pickReply(this.#script, recorded, 'ScriptedModel');
    if (!picked.ok) return failing(new Error(picked.message));
    const requestChars = JSON.stringify(copy).length;
    return this.#play(picked.reply, requestChars, options);
  }

  /** The configured context window, or `undefined`. */
  contextWindow(options: { signal?: AbortSignal } = {}): Promise<number | undefined> {
    if (options.signal?.aborted) return Promise.reject(abortReason(options.signal));
    return Promise.resolve(this.#contextWindow);
  }

  /** Throws when a list script has replies that were never asked for. */
  assertDone(): void {
    if (typeof this.#script === 'function') return;
    const left = this.#script.length - this.#calls.length;
    if (left > 0) {
      throw new Error(
        `ScriptedModel: ${left} scripted repl${left === 1 ? 'y' : 'ies'} left over (${this.#calls.length} of ${this.#script.length} used)`,
      );
    }
  }

  async *#play(reply: ScriptedReply, requestChars: number, options: StreamOptions) {
    const { signal, ids } = options;
    // A call scripted with `id: null` gets what an adapter gives it: an id from the caller's source.
    const missingCallId = (): string => ids?.next('tool-call') ?? this.#nextCallId();
    const resolve = (answer: ScriptedAnswer): ResolvedAnswer =>
      resolveAnswer(answer, { nextCallId: this.#nextCallId, missingCallId, requestChars });
    signal?.throwIfAborted();
    if (!('fault' in reply)) {
      const answer = resolve(reply);
      yield* emit([...contentParts(answer), ...closingParts(answer)], answer, signal);
      return;
    }
    switch (reply.fault) {
      case 'http':
        throw httpFaultError(reply);
      case 'cut': {
        const answer = resolve(reply.answer);
        const parts = [...contentParts(answer), ...closingParts(answer)];
        yield* emit(parts.slice(0, reply.afterEvents ?? 2), answer, signal);
        throw cutFaultError();
      }
      case 'stall': {
        const answer = resolve(reply.answer);
        const parts = [...contentParts(answer), ...closingParts(answer)];
        yield* emit(parts.slice(0, reply.afterEvents ?? 2), answer, signal);
        await waitForAbort(signal);
        return;
      }
      case 'no-finish': {
        const answer = resolve(reply.answer);
        yield* emit(contentParts(answer), answer, signal);
        throw noFinishFaultError();
      }
      case 'stream-error': {
        const answer = resolve(reply.answer ?? {});
        yield* emit(contentParts(answer).slice(0, reply.afterEvents ?? 1), answer, signal);
        throw streamFaultError(reply.errorType, reply.message);
      }
      case 'empty-choices':
        throw emptyChoicesFaultError();
      case 'hang':
        await waitForAbort(signal);
    }
  }
}

/** Yields `parts` after the answer's latency, with its chunk delay between them, checking the signal throughout. */
async function* emit(
  parts: readonly ModelStreamPart[],
  answer: ResolvedAnswer,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelStreamPart> {
  await sleep(answer.latencyMs, signal);
  for (const [i, part] of parts.entries()) {
    if (i > 0) await sleep(answer.chunkDelayMs, signal);
    signal?.throwIfAborted();
    yield part;
    signal?.throwIfAborted();
  }
}

/** An iterable whose first step throws `error` (errors surface through iteration, like a failed request). */
function failing(error: Error): AsyncIterable<ModelStreamPart> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) };
}
