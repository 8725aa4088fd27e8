import type { Model } from '@kodama/core';
import { describeServer, isUsefulDescription, oneLine, toolListDescription } from './describe-server.ts';
import { llmPass } from './llm-pass.ts';
import type { ScreenCache } from './screen-cache.ts';
import { type ServerSurface, surfaceHash } from './surface.ts';
import { unicodePass } from './unicode-pass.ts';

/** What {@link Screener} needs. */
export interface ScreenerOptions {
  /** The model of the LLM pass and of written descriptions; absent: neither runs. */
  readonly model?: Model;
  /** False turns the LLM pass off (`--no-mcp-screen`); the Unicode pass always runs. Default true. */
  readonly llmCheck?: boolean;
  /** Where passes are kept; absent: nothing is cached. */
  readonly cache?: ScreenCache;
}

/** What screening a surface found: it passed, and the description to show. */
export interface ScreenResult {
  /** The surface hash (the cache key). */
  readonly hash: string;
  /** One line: the configured one, else the handshake's, else one the model wrote, else the tool names. */
  readonly description: string;
  /** True when the pass came from the cache. */
  readonly cached: boolean;
}

/**
 * Screens an MCP server's surface before any of its tools is advertised:
 * the Unicode pass always, then the LLM pass (unless turned off or a cached
 * pass covers this exact surface). Only passes are cached; a rejection
 * throws `InjectionDetectedError` every time.
 */
export class Screener {
  readonly #options: ScreenerOptions;

  constructor(options: ScreenerOptions) {
    this.#options = options;
  }

  /**
   * @param configured the entry's own description, which wins over any other.
   * @throws InjectionDetectedError naming the server, the field and the finding.
   */
  async screen(surface: ServerSurface, configured?: string, signal?: AbortSignal): Promise<ScreenResult> {
    unicodePass(surface);
    const { model, cache } = this.#options;
    const llm = (this.#options.llmCheck ?? true) && model !== undefined;
    const hash = surfaceHash(surface);
    const hit = await cache?.get(hash);
    const covered = hit !== undefined && (hit.llmChecked || !llm);
    if (!covered && llm) await llmPass(surface, model, signal);
    const handshake = [surface.serverDescription, surface.instructions].find(isUsefulDescription);
    let description = configured ?? (handshake && oneLine(handshake)) ?? hit?.description;
    let written: string | undefined = hit?.description;
    if (description === undefined && model !== undefined) {
      written = await describeServer(surface, model, signal);
      description = written;
    }
    if (!covered)
      await cache?.put(hash, {
        verdict: 'ok',
        llmChecked: llm,
        ...(written ? { description: written } : {}),
      });
    else if (written !== hit?.description) await cache?.put(hash, { ...hit, description: written });
    return { hash, description: description ?? toolListDescription(surface), cached: covered };
  }
}
