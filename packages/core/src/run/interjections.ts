import type { Interloper } from '../controls/interloper.ts';
import type { AgentEvent } from '../events/events.ts';
import type { Content } from '../messages/content.ts';
import { InterjectionNotAnsweredError, RunStateError } from './run-errors.ts';
import { RunInbox } from './run-inbox.ts';

/** The model's next response after an interjection was delivered. */
export interface InterjectionResponse {
  /** Its visible text ('' for a response that only called tools). */
  readonly text: string;
}

interface Waiter {
  readonly content: Content;
  readonly resolve: (response: InterjectionResponse) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * A Run's interjections: messages queued while it is active, delivered by
 * the loop at its next model boundary (its own Interloper), each answered
 * with the model's next response. Delivery is first in, first out, so the
 * `user-turn` events of the Run's agent mark which ones arrived; several
 * delivered at one boundary share that boundary's response.
 */
export class Interjections {
  /** The queue the Run's turns use: its own interjections, then the caller's Interloper's messages. */
  readonly interloper: RunInbox;
  #state: 'dormant' | 'active' | 'ended' = 'dormant';
  #queued: Waiter[] = [];
  #delivered: Waiter[] = [];
  #text = '';

  /** @param caller An Interloper of the caller's whose messages the Run delivers too (`AskOptions.interloper`). */
  constructor(caller?: Interloper) {
    this.interloper = new RunInbox(caller);
  }

  /** Messages queued but not yet delivered (the caller's Interloper's included). */
  get pending(): number {
    return this.#queued.length + this.interloper.callerPending;
  }

  /** Opens the Run to interjections. */
  open(): void {
    this.#state = 'active';
  }

  /**
   * Queues `content` for the next model boundary; resolves with the model's
   * next response after it was delivered.
   *
   * @throws RunStateError before the Run started or after it ended.
   */
  interject(content: Content): Promise<InterjectionResponse> {
    if (this.#state === 'dormant')
      throw new RunStateError('the run has not started; interject while it runs');
    if (this.#state === 'ended') throw new RunStateError('the run has already finished; start a new one');
    return new Promise((resolve, reject) => {
      this.#queued.push({ content, resolve, reject });
      this.interloper.inject(content);
    });
  }

  /**
   * Follows the Run's agent: a mid-loop `user-turn` delivers the oldest
   * queued interjection; the next `tokens` answers every delivered one.
   * Returns how many were delivered by this event (0 for most events).
   */
  observe(event: AgentEvent): number {
    // Only an interjection of this Run's is waited for: a message from the caller's Interloper is not.
    if (event.type === 'user-turn' && event.midLoop && sameContent(this.#queued[0]?.content, event.content)) {
      this.#delivered.push(this.#queued.shift()!);
      this.#text = '';
      return 1;
    }
    if (this.#delivered.length === 0) return 0;
    if (event.type === 'assistant') this.#text = event.text;
    else if (event.type === 'tokens') {
      const answered = this.#delivered;
      this.#delivered = [];
      for (const w of answered) w.resolve({ text: this.#text });
    }
    return 0;
  }

  /** Closes the Run to interjections; those not yet answered reject with {@link InterjectionNotAnsweredError}. */
  end(): void {
    this.#state = 'ended';
    for (const w of this.#queued) w.reject(new InterjectionNotAnsweredError(false));
    for (const w of this.#delivered) w.reject(new InterjectionNotAnsweredError(true));
    this.#queued = [];
    this.#delivered = [];
    this.interloper.clearOwn();
  }
}

/** The same message: the one queued, or a copy of it (a replayed step's input). */
function sameContent(queued: Content | undefined, delivered: Content): boolean {
  if (queued === undefined) return false;
  return queued === delivered || JSON.stringify(queued) === JSON.stringify(delivered);
}
