/**
 * @kodama/core/events: each agent event's type, for listeners that handle
 * them one by one (the root exports the `AgentEvent` union).
 */
export {
  type AssistantDeltaEvent,
  type AssistantEvent,
  type CancelledEvent,
  type CompactionEvent,
  type ContextCapEvent,
  type Emit,
  type FallbackNoticeEvent,
  type HistoryLoadedEvent,
  isDeltaEvent,
  type ModelRef,
  type ModelStartEvent,
  type ModelSwitchedEvent,
  type ReasoningDeltaEvent,
  type ReasoningEvent,
  type ResetEvent,
  type RetryEvent,
  type TokensEvent,
  type ToolCallEvent,
  type ToolResultEvent,
  type ToolStartEvent,
  type TurnEndEvent,
  type TurnErrorInfo,
  type TurnOutcome,
  type TurnStartEvent,
  type UserTurnEvent,
} from '../events/events.ts';
export type { SubAgentParams } from '../listeners/listener.ts';
export type { ListenerList } from '../listeners/listener-list.ts';
