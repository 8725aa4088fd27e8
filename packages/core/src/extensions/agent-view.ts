import type { Cancellable } from '../controls/cancellable.ts';
import type { Interloper } from '../controls/interloper.ts';
import type { StepLimit } from '../controls/step-limit.ts';
import type { History } from '../history/history.ts';
import type { Model } from '../model/model.ts';
import type { TaintGate } from '../taint/taint-gate.ts';
import type { AnyTool } from '../tool/define-tool.ts';

/**
 * What an extension may read of its agent: identity, model, tools, controls
 * and the conversation so far. An interface, not the class, so extensions do
 * not depend on the agent's implementation (and the agent can implement it).
 */
export interface AgentView {
  /** '' for a main agent; persona-rooted for sub-agents. */
  readonly id: string;
  /** The current model. */
  readonly model: Model;
  /** Tools the model can call, in declaration order. */
  readonly tools: readonly AnyTool[];
  /** Tools reachable only by sub-agents. */
  readonly subAgentTools: readonly AnyTool[];
  /** Whether the agent streams deltas. */
  readonly streaming: boolean;
  /** The agent's controls, for extensions that build sub-agents. */
  readonly stepLimit: StepLimit | undefined;
  readonly cancellable: Cancellable | undefined;
  readonly interloper: Interloper | undefined;
  /** The runtime taint gate, for extensions that build sub-agents (they inherit it). */
  readonly taintGate: TaintGate | undefined;
  /** The assembled system prompt. */
  readonly systemPrompt: string;
  /** True while a turn runs. */
  readonly running: boolean;
  /** The conversation so far, as a History. */
  exportHistory(): History;
}
