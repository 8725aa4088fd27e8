/** A note for the model, and the turn it is about (the message index that turn started at), if any. */
interface PendingNote {
  readonly text: string;
  readonly turnStart?: number;
}

/**
 * What the model is told with the next prompt (files undone, a `!command`'s
 * output), kept until that prompt takes them. A note about a turn goes when
 * that turn is rewound: the model must not hear of an undo in a conversation
 * that no longer holds the turn undone.
 */
export class PendingNotes {
  #notes: PendingNote[] = [];

  /** Adds a note; `turnStart` ties it to the turn that began at that message index. */
  add(text: string, turnStart?: number): void {
    this.#notes.push({ text, ...(turnStart !== undefined ? { turnStart } : {}) });
  }

  /** The notes, oldest first, now taken (the next prompt carries them). */
  take(): string[] {
    const texts = this.#notes.map((n) => n.text);
    this.#notes = [];
    return texts;
  }

  /** Drops the notes about turns at or after message `index` (the conversation was rewound there). */
  dropFrom(index: number): void {
    this.#notes = this.#notes.filter((n) => n.turnStart === undefined || n.turnStart < index);
  }

  /** Forgets every note (another session). */
  clear(): void {
    this.#notes = [];
  }
}
