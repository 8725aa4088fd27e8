/** @kodama/core/listeners: ready-made listeners (an in-memory list, a rate limiter) and text for a person (a failure, token counts). */
export { failureText } from '../listeners/failure-text.ts';
export { InMemoryEventList } from '../listeners/in-memory-event-list.ts';
export { type RateClock, RateLimited } from '../listeners/rate-limited.ts';
export { ControlSequenceStripper, stripControlSequences } from '../listeners/strip-control-sequences.ts';
export { formatTokens, type TextSink } from '../listeners/text-sink.ts';
