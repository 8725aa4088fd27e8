import type { ToolContext } from '../../src/index.ts';

/** A ToolContext for unit tests; `events` records what the tool emitted. */
export function testContext(signal: AbortSignal = new AbortController().signal): ToolContext & {
  events: { name: string; data: unknown }[];
} {
  const events: { name: string; data: unknown }[] = [];
  return {
    signal,
    agentId: '',
    toolCallId: 'call_1',
    idempotencyKey: 'turn_1:call_1',
    emit: (name, data) => void events.push({ name, data }),
    events,
  };
}
