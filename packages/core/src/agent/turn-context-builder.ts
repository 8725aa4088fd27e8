import type { ArtifactHolder } from '../artifacts/artifact-read-tool.ts';
import { ArtifactScope } from '../artifacts/artifact-scope.ts';
import { InMemoryArtifactStore } from '../artifacts/artifact-store.ts';
import type { TurnArtifacts } from '../artifacts/turn-artifacts.ts';
import type { Cancellable } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { Extension } from '../extensions/extension.ts';
import type { ExtensionHost } from '../extensions/extension-host.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { Conversation } from '../loop/conversation.ts';
import { synthesizerChannel } from '../loop/synthesizer.ts';
import type { ToolSource } from '../loop/tool-table.ts';
import type { TurnContext, TurnIo, TurnSettings, TurnState } from '../loop/turn-context.ts';
import { TurnTally } from '../loop/turn-tally.ts';
import type { Content } from '../messages/content.ts';
import type { Model } from '../model/model.ts';
import { ToolLoopGuard } from '../tool-loop/tool-loop-guard.ts';
import type { TurnOptions } from './agent-options.ts';
import { type AgentSettings, turnSignal } from './agent-settings.ts';

const NO_EXTENSIONS: readonly Extension[] = Object.freeze([]);

/** What an agent holds at turn start that a turn's context is made of. */
export interface TurnParts {
  readonly agentId: string;
  readonly settings: AgentSettings;
  readonly model: Model;
  /** The current model's window, once probed (read when needed). */
  readonly contextWindow: () => number | undefined;
  /** The conversation's size after the last response that said. */
  readonly contextTokens: number | undefined;
  readonly system: string;
  readonly tools: ToolSource;
  readonly conversation: Conversation;
  readonly stepLimit: StepLimit | undefined;
  readonly interloper: Interloper | undefined;
  readonly streaming: boolean;
  readonly cancellable: Cancellable | undefined;
  readonly listeners: ListenerList;
  readonly host: ExtensionHost | undefined;
  /** Where `artifact_read` finds the running turn's artifacts (absent: artifacts off). */
  readonly artifactHolder: ArtifactHolder | undefined;
}

/**
 * One turn's context from what the agent holds and what the caller asked
 * for: the turn's options win over the agent's (interloper, streaming), the
 * signal joins both cancels, and the tally and tool-loop guard are fresh.
 */
export function buildTurnContext(
  parts: TurnParts,
  userMessage: Content | undefined,
  options: TurnOptions,
): TurnContext {
  const { agentId, settings: agent, listeners, host } = parts;
  const settings: TurnSettings = {
    agentId,
    turnId: agent.ids.next('turn'),
    model: parts.model,
    system: parts.system,
    tools: parts.tools,
    userMessage,
    ...(options.untrusted && options.untrusted.length > 0 ? { userTaint: options.untrusted } : {}),
    ...((options.maxOutputTokens ?? agent.maxOutputTokens) !== undefined
      ? { maxOutputTokens: options.maxOutputTokens ?? agent.maxOutputTokens }
      : {}),
    streaming: options.streaming ?? parts.streaming,
    toolFailures: agent.toolFailures,
    maxResultTokens: agent.maxResultTokens,
    acceptTruncated: agent.acceptTruncated,
    compaction: agent.compaction,
    contextWindow: parts.contextWindow,
    answerFormat: options.answerFormat,
    appContext: options.appContext,
    extensions: host?.extensions ?? NO_EXTENSIONS,
    taintGate: agent.taintGate,
  };
  const io: TurnIo = {
    emit: (event) => listeners.emit(event),
    stepRunner: agent.stepRunner,
    signal: turnSignal(parts.cancellable, options.signal),
    ids: agent.ids,
    clock: agent.clock,
    checkpoint: options.checkpoint,
    interloper: options.interloper ?? parts.interloper,
    extensionInbox: host?.inbox,
    extensionContext: host?.context,
    subAgentListeners: (params) => listeners.forSubAgent(params),
    synthesizer: () => synthesizerChannel(listeners, agentId),
  };
  const state: TurnState = {
    conversation: parts.conversation,
    tally: new TurnTally(parts.contextTokens),
    stepLimit: parts.stepLimit,
    toolLoop: agent.toolLoop ? new ToolLoopGuard(agent.toolLoop) : undefined,
    artifacts: turnArtifacts(parts, options),
  };
  return { settings, io, state };
}

/**
 * The turn's artifacts when the agent keeps them: the Run's scope (the
 * session's folder, or the Run's memory), else one in memory for the turn;
 * `artifact_read` is pointed at it.
 */
function turnArtifacts(parts: TurnParts, options: TurnOptions): TurnArtifacts | undefined {
  const settings = parts.settings.artifacts;
  if (!settings || !parts.artifactHolder) return undefined;
  const scope =
    options.artifacts ?? new ArtifactScope(new InMemoryArtifactStore(), () => parts.settings.clock.now());
  parts.artifactHolder.scope = scope;
  return { scope, settings, pending: new Map() };
}
