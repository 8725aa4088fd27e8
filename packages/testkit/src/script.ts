/**
 * The data a scripted server or model replays. A script is a list of replies
 * (one per request, in order) or a function of the request.
 */

import type { SharedPrefix } from './shared/shared-prefix.ts';

/** One tool call a scripted reply makes. */
export interface ScriptedToolCall {
  /**
   * Call id; generated (`call_<n>`) when absent. `null` sends the call without
   * an id, as some servers do, so the client must make one up
   * (`ScriptedModel` takes it from `StreamOptions.ids`).
   */
  readonly id?: string | null;
  readonly name: string;
  /** Arguments: an object is JSON-encoded; a string is sent verbatim (so malformed JSON can be scripted). */
  readonly arguments: string | Record<string, unknown>;
}

/** Token usage a scripted reply reports. Missing fields are omitted from the wire. */
export interface ScriptedUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
  readonly reasoningTokens?: number;
}

/** A normal answer: any mix of reasoning, text and tool calls. */
export interface ScriptedAnswer {
  readonly reasoning?: string;
  readonly text?: string;
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Usage reported in the final chunk; a plausible default when absent. */
  readonly usage?: ScriptedUsage;
  /** Characters per streamed delta (text, reasoning and tool arguments are split at this size). Default 8. */
  readonly chunkSize?: number;
  /** Delay before the response starts, in ms. */
  readonly latencyMs?: number;
  /** Delay between streamed chunks, in ms. */
  readonly chunkDelayMs?: number;
  /** Overrides the finish reason on the wire (e.g. `length`). */
  readonly finishReason?: string;
}

/** An HTTP error answer (e.g. 429 with Retry-After, 500, 401). */
export interface ScriptedHttpFault {
  readonly fault: 'http';
  readonly status: number;
  /** Sent as the `Retry-After` header, in seconds. */
  readonly retryAfterSeconds?: number;
  /** Sent as the `retry-after-ms` header. */
  readonly retryAfterMs?: number;
  /** Response body; a provider-shaped JSON error when absent. */
  readonly body?: string;
}

/** A stream that starts normally and is cut (socket destroyed) after some chunks. */
export interface ScriptedCutFault {
  readonly fault: 'cut';
  /** The answer whose stream is cut. */
  readonly answer: ScriptedAnswer;
  /** Number of SSE events sent before the cut. Default 2. */
  readonly afterEvents?: number;
}

/** A stream that ends cleanly at the HTTP level but never sends a finish / [DONE]. */
export interface ScriptedNoFinishFault {
  readonly fault: 'no-finish';
  readonly answer: ScriptedAnswer;
}

/** A mid-stream provider error event (e.g. Anthropic `overloaded_error`). */
export interface ScriptedStreamErrorFault {
  readonly fault: 'stream-error';
  /** Error type, e.g. `overloaded_error`. */
  readonly errorType: string;
  readonly message?: string;
  /** SSE events sent before the error. Default 1. */
  readonly afterEvents?: number;
  /** The answer whose first `afterEvents` events precede the error; an empty answer when absent. */
  readonly answer?: ScriptedAnswer;
}

/** A response with an empty choice list (OpenAI-compatible only). */
export interface ScriptedEmptyChoicesFault {
  readonly fault: 'empty-choices';
}

/**
 * A stream that starts and then goes silent with the connection held open,
 * until the client gives up (tests of idle timeouts).
 */
export interface ScriptedStallFault {
  readonly fault: 'stall';
  /** The answer whose stream stalls. */
  readonly answer: ScriptedAnswer;
  /** SSE events sent before the silence; 0 sends only the response headers. Default 2. */
  readonly afterEvents?: number;
}

/** A server that accepts the request and never answers (until the client gives up). */
export interface ScriptedHangFault {
  readonly fault: 'hang';
}

/** Any scripted fault. */
export type ScriptedFault =
  | ScriptedHttpFault
  | ScriptedCutFault
  | ScriptedNoFinishFault
  | ScriptedStreamErrorFault
  | ScriptedEmptyChoicesFault
  | ScriptedStallFault
  | ScriptedHangFault;

/** One scripted reply: an answer or a fault. */
export type ScriptedReply = ScriptedAnswer | ScriptedFault;

/** What a script function is given: the recorded request. */
export interface RecordedRequest {
  readonly method: string;
  /** Path with query string, e.g. `/v1/chat/completions`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON body, or undefined for GET. */
  readonly body: unknown;
  /** 0-based index among the server's model calls (chat/messages requests). */
  readonly callIndex: number;
  /**
   * For a model call after the first: how much of an earlier model call's
   * prompt (tools, system, messages, in that order) this one repeats from its
   * start, which is what a provider's prompt cache can reuse; the earlier call
   * is the one of the latest 16 it repeats most of (`sharedPrefix.of`).
   */
  readonly sharedPrefix?: SharedPrefix;
}

/** A script: replies in order, or a function choosing the reply per request. */
export type Script = readonly ScriptedReply[] | ((request: RecordedRequest) => ScriptedReply);
