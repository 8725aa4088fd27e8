import type { RecordedRequest } from '../script.ts';
import type { ResolvedAnswer } from './resolve-answer.ts';
import type { SseEvent } from './sse.ts';

/** A streamed answer split where faults cut it: content events, then the events that finish it. */
export interface EncodedStream {
  readonly content: readonly SseEvent[];
  readonly finish: readonly SseEvent[];
}

/** How one provider's wire encodes answers and errors; the reply player is shared. */
export interface WireDialect {
  /** Prefix of messages from this server, e.g. `testkit`. */
  readonly name: string;
  /** Whether the request asked for a streamed response. */
  wantsStream(request: RecordedRequest): boolean;
  /** The answer as SSE events. */
  stream(answer: ResolvedAnswer, request: RecordedRequest): EncodedStream;
  /** The answer as one JSON body; `finished: false` leaves the finish reason out (no-finish fault). */
  completion(answer: ResolvedAnswer, request: RecordedRequest, finished: boolean): unknown;
  /** A provider-shaped JSON error body. `type` overrides the error type derived from `status`. */
  errorBody(status: number, message: string, type?: string): unknown;
  /** A mid-stream error event. */
  streamError(errorType: string, message: string): SseEvent;
  /** A response without any choice/content, streamed. */
  emptyStream(request: RecordedRequest): readonly SseEvent[];
  /** A response without any choice/content, as JSON. */
  emptyCompletion(request: RecordedRequest): unknown;
}
