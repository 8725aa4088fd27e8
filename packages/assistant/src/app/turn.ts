import type { Agent, AskOptions, Content, Model, Run, RunEvent, RunStream } from '@kodama/core';
import type { SessionStore } from '@kodama/core/session';

/** What a turn reports as it goes. */
export interface TurnHooks {
  readonly onEvent: (event: RunEvent) => void;
  /** Steering messages the Run took in (oldest first), by count. */
  readonly onDelivered: (count: number) => void;
}

/**
 * One turn of the conversation as a Run on the session: streamed, cancellable,
 * open to steering messages until it ends. Messages it did not deliver are
 * handed back by {@link finish} to be sent as the next prompt.
 */
export class Turn {
  readonly #stream: RunStream;
  #undelivered: string[] = [];
  #queued: string[] = [];

  constructor(
    agent: Agent,
    prompt: Content,
    session: { id: string; store: SessionStore },
    model: Model | undefined,
  ) {
    const options: AskOptions = { session, ...(model ? { model } : {}) };
    this.#stream = agent.stream(prompt, options);
  }

  /** Streams the events to `hooks`; resolves with the finished Run. */
  async run(hooks: TurnHooks): Promise<Run> {
    for await (const event of this.#stream) {
      if (event.type === 'interjection-delivered') {
        this.#queued.splice(0, event.count);
        hooks.onDelivered(event.count);
      }
      hooks.onEvent(event);
    }
    const run = await this.#stream.run;
    this.#undelivered.push(...this.#queued);
    this.#queued = [];
    return run;
  }

  /** Queues a steering message for the next tool boundary. */
  steer(text: string): void {
    this.#queued.push(text);
    try {
      this.#stream.interject(text).catch(() => {
        // Not answered: either never delivered (run() hands it back) or cut by a cancel.
      });
    } catch {
      // The Run is not open to interjections (starting or ending): run() hands it back.
    }
  }

  cancel(): void {
    this.#stream.cancel();
  }

  /** Steering messages the Run ended without delivering. */
  takeUndelivered(): string[] {
    const left = this.#undelivered;
    this.#undelivered = [];
    return left;
  }
}

/** The notes, then the prompt, as one user message. */
export function withNotes(notes: readonly string[], content: Content): Content {
  const head = `${notes.join('\n\n')}\n\n`;
  if (typeof content === 'string') return head + content;
  return [{ type: 'text', text: head }, ...content];
}
