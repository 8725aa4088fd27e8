import type { AgentEvent, TokensEvent } from '../events/events.ts';
import type { Listener, SubAgentParams } from './listener.ts';
import { formatTokens, type TextSink } from './text-sink.ts';

/**
 * Writes one line per model response with its token usage and the running
 * context size against the window: `tokens in=11.9k out=310 cached=8.0k ctx=12.2k/32.0k`
 * (`ctx=12.2k` when the window is unknown). Sub-agent lines are prefixed `[id] `.
 */
export class TokenLog implements Listener {
  /** Shown by `describe()`. */
  readonly name = 'TokenLog';
  readonly #sink: TextSink;
  #cap: number | undefined;
  #used = 0;

  constructor(sink: TextSink, options: { cap?: number } = {}) {
    this.#sink = sink;
    this.#cap = options.cap;
  }

  /** The current readout, e.g. `ctx=12.2k/32.0k`. */
  readout(): string {
    const used = formatTokens(this.#used);
    return this.#cap === undefined ? `ctx=${used}` : `ctx=${used}/${formatTokens(this.#cap)}`;
  }

  /** Tracks cap, usage and resets; writes a line per `tokens` event. */
  onEvent(event: AgentEvent): void {
    switch (event.type) {
      case 'context-cap':
        this.#cap = event.cap;
        return;
      case 'reset':
        this.#used = 0;
        return;
      case 'history-loaded':
        if (event.tokens) this.#track(event.tokens);
        return;
      case 'tokens': {
        this.#track(event);
        const u = event.usage;
        const prefix = event.agentId ? `[${event.agentId}] ` : '';
        const cached = u.cacheReadTokens ? ` cached=${formatTokens(u.cacheReadTokens)}` : '';
        this.#sink.write(
          `${prefix}tokens in=${formatTokens(u.inputTokens ?? 0)} out=${formatTokens(u.outputTokens ?? 0)}${cached} ${this.readout()}\n`,
        );
        return;
      }
      default:
        return;
    }
  }

  #track(tokens: TokensEvent): void {
    // The context after this response: the prompt it read plus what it wrote.
    this.#used = (tokens.usage.inputTokens ?? 0) + (tokens.usage.outputTokens ?? 0);
  }

  /** A fresh log on the same sink with an empty snapshot (a sub-agent's context is its own). */
  forSubAgent(_params: SubAgentParams): TokenLog {
    return new TokenLog(this.#sink, this.#cap === undefined ? {} : { cap: this.#cap });
  }
}
