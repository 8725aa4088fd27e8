import type { Content } from '../messages/content.ts';
import type { AssistantMessage } from '../messages/message.ts';
import type { ModelRequest } from '../model/model-request.ts';
import type { StopReason } from '../model/stop-reason.ts';
import type { Usage } from '../model/usage.ts';
import type { ExecutedToolStatus } from '../tool/tool-status.ts';

/** One model call of a turn, as it crosses the {@link StepRunner} seam. JSON-serializable. */
export interface ModelStep {
  readonly kind: 'model';
  readonly agentId: string;
  readonly turnId: string;
  /**
   * 0 for the first model call of the turn, 1 for the next, ... (a re-request
   * of a malformed response counts as a call); -1 for the synthesizer's request.
   */
  readonly index: number;
  readonly provider: string;
  readonly modelId: string;
  readonly request: ModelRequest;
}

/** Parsed arguments of one tool call, parallel to `message.toolCalls`. */
export interface ParsedToolInput {
  /** The parsed arguments object; `undefined` when the raw text was not valid JSON. */
  readonly input?: unknown;
  /** Why the raw text did not parse, when it did not. */
  readonly parseError?: string;
}

/** What a model step yields: the complete response. JSON-serializable. */
export interface ModelStepResult {
  readonly message: AssistantMessage;
  readonly toolInputs: readonly ParsedToolInput[];
  readonly usage: Usage | undefined;
  readonly finishReason: StopReason;
  /** The finish part's `responseId` / `responseModelId`, when the provider sent them. */
  readonly responseId?: string;
  readonly responseModelId?: string;
}

/** One tool execution, as it crosses the {@link StepRunner} seam. JSON-serializable. */
export interface ToolStep {
  readonly kind: 'tool';
  readonly agentId: string;
  readonly turnId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** Raw argument text as the model produced it. */
  readonly arguments: string;
  /** `<turn id>:<tool call id>`; the same value the tool sees in `ToolContext.idempotencyKey`. */
  readonly idempotencyKey: string;
}

/** What a tool step yields. JSON-serializable (a failure's exception object stays outside). */
export interface ToolStepResult {
  readonly kind: ExecutedToolStatus;
  /** The observation the model reads. */
  readonly result: Content;
}

/**
 * Input from outside the model that changes the conversation mid-turn, as it
 * crosses the {@link StepRunner} seam. JSON-serializable.
 * - `interloper`: the Interloper's queue drained at a delivery point (turn
 *   start, after each tool batch); crossed only when the agent has an Interloper.
 * - `extensions`: what extensions' `onUserMessage` hooks injected after the
 *   user message (crossed only when an extension has that hook), and what
 *   extensions queued with `interject`, drained at each delivery point
 *   (crossed whenever the agent has extensions).
 */
export interface InputStep {
  readonly kind: 'input';
  readonly agentId: string;
  readonly turnId: string;
  readonly source: 'interloper' | 'extensions';
  /** 0 for the turn's first input step, 1 for the next, ... */
  readonly index: number;
}

/** What an input step yields: the user-role contents appended, in order (possibly none). JSON-serializable. */
export interface InputStepResult {
  readonly contents: readonly Content[];
}

/**
 * The one seam every effect of the loop crosses: each model call, each tool
 * execution and each delivery of outside input (`runner.model(step, run)`,
 * `runner.tool(...)`, `runner.input(...)`). The default calls straight
 * through; a durable-execution runner records each step's result and, on
 * replay, returns it without calling `run`.
 *
 * Contract: return what `run` returned (or a recorded copy of it), or throw
 * what it threw. Streaming deltas are emitted inside `run`, so a replayed step
 * emits none; the final `reasoning`/`assistant`/`tokens`/`tool-result` events
 * are emitted from the result, so they fire either way. Everything else the
 * loop does is a deterministic function of the step results, the agent's
 * `IdSource` and its `Clock`: a replay that returns the recorded results and
 * injects the same id source and clock reproduces the conversation byte for
 * byte (message ids included).
 */
export interface StepRunner {
  model(step: ModelStep, run: () => Promise<ModelStepResult>): Promise<ModelStepResult>;
  tool(step: ToolStep, run: () => Promise<ToolStepResult>): Promise<ToolStepResult>;
  input(step: InputStep, run: () => Promise<InputStepResult>): Promise<InputStepResult>;
}

/** The default {@link StepRunner}: runs every step directly. */
export const DIRECT_STEP_RUNNER: StepRunner = Object.freeze({
  model: (_step: ModelStep, run: () => Promise<ModelStepResult>) => run(),
  tool: (_step: ToolStep, run: () => Promise<ToolStepResult>) => run(),
  input: (_step: InputStep, run: () => Promise<InputStepResult>) => run(),
});
