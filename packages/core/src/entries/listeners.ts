/** @kodama/core/listeners: ready-made listeners (the terminal, a token log, an in-memory list, a rate limiter). */
export { InMemoryEventList } from '../listeners/in-memory-event-list.ts';
export { type RateClock, RateLimited } from '../listeners/rate-limited.ts';
export { ControlSequenceStripper, stripControlSequences } from '../listeners/strip-control-sequences.ts';
export { formatTokens, type TextSink } from '../listeners/text-sink.ts';
