import type { ArtifactSettings } from './artifact-options.ts';
import {
  type ArtifactMeta,
  type ArtifactStore,
  newArtifactRef,
  type StoredArtifact,
} from './artifact-store.ts';

/** An artifact the Run stored: its metadata and its whole value. */
export interface Artifact extends ArtifactMeta {
  /** The stored bytes. */
  readonly data: Uint8Array;
  /** The value as text, for a text artifact (a large tool result); `undefined` for an image. */
  readonly text: string | undefined;
}

/** What to store: a tool result's bytes and where they came from. */
export interface ArtifactInput {
  readonly data: Uint8Array;
  readonly mediaType: string;
  readonly toolName: string;
  readonly toolCallId: string;
  readonly taint: readonly string[] | undefined;
}

/** A store call's answer: the artifact, or why it was not stored (a sentence saying what to do next). */
export type StoreOutcome =
  | { readonly ok: true; readonly artifact: Artifact }
  | { readonly ok: false; readonly reason: string };

const MIB = 1024 * 1024;
const numberFormat = new Intl.NumberFormat('en-US');

function size(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${numberFormat.format(bytes)} bytes`;
}

/** True for a media type whose bytes are UTF-8 text. */
export function isTextMediaType(mediaType: string): boolean {
  return mediaType.startsWith('text/') || mediaType.startsWith('application/json');
}

/**
 * The artifacts of one Run over its store (the session's folder, or memory):
 * what it stored (`run.artifacts`), the per-Run limits (bytes and count),
 * and the batches a cancelled tool batch rolls back. Reads reach every
 * artifact of the store (an earlier Run of the same session), nothing else.
 */
export class ArtifactScope {
  readonly #store: ArtifactStore;
  readonly #now: () => number;
  readonly #kept = new Map<string, Artifact>();
  #bytes = 0;

  constructor(store: ArtifactStore, now: () => number = Date.now) {
    this.#store = store;
    this.#now = now;
  }

  /** What this Run stored and kept, oldest first. */
  get artifacts(): readonly Artifact[] {
    return [...this.#kept.values()];
  }

  /** The artifact by `ref` in this store (this Run's or an earlier Run's of the session), or `undefined`. */
  async read(ref: string): Promise<StoredArtifact | undefined> {
    const own = this.#kept.get(ref);
    return own ? { meta: own, data: own.data } : await this.#store.get(ref);
  }

  /** A batch to store the artifacts of one tool batch in; `rollback` removes them all. */
  batch(): ArtifactBatch {
    return new ArtifactBatch(this);
  }

  /** @internal Stores one artifact within the Run's limits. */
  async store(input: ArtifactInput, limits: ArtifactSettings, open: () => boolean): Promise<StoreOutcome> {
    const bytes = input.data.byteLength;
    const what = `${input.toolName} returned ${size(bytes)}`;
    if (bytes > limits.maxArtifactBytes)
      return {
        ok: false,
        reason: `${what}, over the artifact limit (${size(limits.maxArtifactBytes)} per result), so it was not kept. Ask the tool for less (a narrower query, a range, a filter) and call it again.`,
      };
    if (this.#kept.size >= limits.maxArtifacts)
      return {
        ok: false,
        reason: `${what}, and this run already stored ${limits.maxArtifacts} artifacts (the limit per run), so it was not kept. Ask the tool for less, so the result fits in the conversation, or finish with what you have.`,
      };
    if (this.#bytes + bytes > limits.maxRunBytes)
      return {
        ok: false,
        reason: `${what}, and this run's artifacts would pass ${size(limits.maxRunBytes)} (the limit per run; ${size(this.#bytes)} stored), so it was not kept. Ask the tool for less, or finish with what you have.`,
      };
    const meta: ArtifactMeta = {
      ref: newArtifactRef(),
      mediaType: input.mediaType,
      bytes,
      toolName: input.toolName,
      toolCallId: input.toolCallId,
      taint: input.taint,
      createdAt: this.#now(),
    };
    const text = isTextMediaType(input.mediaType) ? Buffer.from(input.data).toString('utf8') : undefined;
    const artifact: Artifact = { ...meta, data: input.data, text };
    // Counted before the write, so concurrent calls of one batch cannot pass the limits together.
    this.#bytes += bytes;
    this.#kept.set(meta.ref, artifact);
    try {
      await this.#store.put(meta, input.data);
    } catch (error) {
      this.#forget(meta.ref);
      throw error;
    }
    // The batch was rolled back while this one was written: it must not outlive it.
    if (!open()) {
      await this.discard(meta.ref);
      return { ok: false, reason: 'the batch was cancelled' };
    }
    return { ok: true, artifact };
  }

  /** @internal Removes one artifact of this Run (a rolled-back batch). */
  async discard(ref: string): Promise<void> {
    this.#forget(ref);
    await this.#store.remove(ref);
  }

  #forget(ref: string): void {
    const kept = this.#kept.get(ref);
    if (!kept) return;
    this.#kept.delete(ref);
    this.#bytes -= kept.bytes;
  }
}

/** The artifacts one tool batch stored; rolled back when the batch is cancelled or fails. */
export class ArtifactBatch {
  readonly #scope: ArtifactScope;
  readonly #refs: string[] = [];
  #open = true;

  constructor(scope: ArtifactScope) {
    this.#scope = scope;
  }

  /** Stores one artifact for this batch, within the Run's limits. */
  async store(input: ArtifactInput, limits: ArtifactSettings): Promise<StoreOutcome> {
    if (!this.#open) return { ok: false, reason: 'the batch was cancelled' };
    const outcome = await this.#scope.store(input, limits, () => this.#open);
    if (outcome.ok) this.#refs.push(outcome.artifact.ref);
    return outcome;
  }

  /** The refs stored so far. */
  get refs(): readonly string[] {
    return this.#refs;
  }

  /** Removes every artifact of the batch, and any a call still running stores later. */
  async rollback(): Promise<void> {
    this.#open = false;
    const refs = this.#refs.splice(0);
    await Promise.all(refs.map((ref) => this.#scope.discard(ref)));
  }
}
