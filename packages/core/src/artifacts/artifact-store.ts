import { randomBytes } from 'node:crypto';

/** What a store keeps about one artifact besides its bytes. */
export interface ArtifactMeta {
  /** The reference the model and the application use: `art_` and 32 hex digits. */
  readonly ref: string;
  /** IANA media type: `text/plain; charset=utf-8` for a text result, `image/png` for an image. */
  readonly mediaType: string;
  /** Size of the stored bytes. */
  readonly bytes: number;
  /** The tool whose result it holds. */
  readonly toolName: string;
  /** The call whose result it holds. */
  readonly toolCallId: string;
  /**
   * The taint of the result it was cut from (the tool names whose untrusted
   * content it holds; see `HistoryMessage.taint`); `artifact_read` hands it
   * on to what it reads back.
   */
  readonly taint: readonly string[] | undefined;
  /** When it was stored (ms since the Unix epoch). */
  readonly createdAt: number;
}

/** An artifact as a store hands it back: its metadata and its bytes. */
export interface StoredArtifact {
  readonly meta: ArtifactMeta;
  readonly data: Uint8Array;
}

/**
 * Where artifacts live: one per session (a session store's folder) or in
 * memory. A store holds the artifacts of one scope only, so a ref is
 * resolved against it alone: a ref from another session names nothing here.
 *
 * Contract: every method checks `ref` with {@link isArtifactRef} first and
 * treats anything else as absent (never as a path).
 */
export interface ArtifactStore {
  /** Stores one artifact (a new ref: refs are never reused). */
  put(meta: ArtifactMeta, data: Uint8Array): Promise<void>;
  /** The artifact, or `undefined` when this store has none by that ref. */
  get(ref: string): Promise<StoredArtifact | undefined>;
  /** Removes it; `false` when there was none. */
  remove(ref: string): Promise<boolean>;
}

const REF = /^art_[0-9a-f]{32}$/;

/** True for a well-formed artifact reference (`art_` and 32 lowercase hex digits): nothing else reaches a store. */
export function isArtifactRef(ref: unknown): ref is string {
  return typeof ref === 'string' && REF.test(ref);
}

/** A fresh, unguessable artifact reference. */
export function newArtifactRef(): string {
  return `art_${randomBytes(16).toString('hex')}`;
}

/** Artifacts in memory: the store of a Run without a session store (they end with it). */
export class InMemoryArtifactStore implements ArtifactStore {
  readonly #items = new Map<string, StoredArtifact>();

  async put(meta: ArtifactMeta, data: Uint8Array): Promise<void> {
    if (!isArtifactRef(meta.ref)) throw new TypeError(`not an artifact reference: ${meta.ref}`);
    this.#items.set(meta.ref, { meta, data });
  }

  async get(ref: string): Promise<StoredArtifact | undefined> {
    return isArtifactRef(ref) ? this.#items.get(ref) : undefined;
  }

  async remove(ref: string): Promise<boolean> {
    return isArtifactRef(ref) && this.#items.delete(ref);
  }

  /** Copies every artifact it holds into `target` (a forked session's). */
  async copyTo(target: ArtifactStore): Promise<void> {
    for (const { meta, data } of this.#items.values()) await target.put(meta, data);
  }

  /** How many it holds. */
  get size(): number {
    return this.#items.size;
  }
}
