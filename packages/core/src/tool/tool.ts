import type { EventKey } from '../events/define-event.ts';
import type { SubAgentParams } from '../listeners/listener.ts';
import type { ListenerList } from '../listeners/listener-list.ts';
import type { Content } from '../messages/content.ts';
import type { JsonSchema } from '../model/tool-spec.ts';
import type { TrifectaLegs } from '../trifecta/legs.ts';
import type { ToolEffects } from './tool-effects.ts';

/**
 * What one tool execution may see besides its arguments. Built by the agent
 * for each call; the model can never supply it (unknown argument keys are refused).
 */
export interface ToolContext {
  /** Aborted when the user cancels the turn; long-running tools should stop. */
  readonly signal: AbortSignal;
  /** Id of the agent running the tool ('' for the main agent). */
  readonly agentId: string;
  /** Id of the tool call being answered. */
  readonly toolCallId: string;
  /** Stable across replays of the same call: `<turn id>:<tool call id>`. */
  readonly idempotencyKey: string;
  /**
   * Application context the host passed with the turn or Run (a user id, a
   * database handle); `undefined` when none. Never sent to the model.
   */
  readonly appContext?: unknown;
  /**
   * Emits a domain event to the agent's listeners (e.g. a progress note);
   * with a key from `defineEvent<T>` the data is checked against `T`.
   */
  emit<T>(event: EventKey<T>, data?: T): void;
  /**
   * The listeners a nested agent this tool starts (a sub-agent, an agent used
   * as a tool) should use: each of this agent's listeners' sub-agent views, so
   * the nested agent's events and usage reach the same places, once. The
   * loop always provides it; a context built by hand (a tool's unit test) may not.
   */
  subAgentListeners?(params: SubAgentParams): ListenerList;
}

/** What a tool returns: text, or rich content (text + images) for multimodal models. */
export type ToolResult = Content;

/** Outcome of validating raw model arguments against a tool's parameters. */
export type ValidationResult<Args> =
  | { readonly ok: true; readonly value: Args }
  | { readonly ok: false; readonly problems: readonly string[] };

/**
 * A tool's parameters in the one shape the loop needs: the JSON Schema served
 * to the model, and a validator that reports every problem at once with its
 * path (`$.city is required`). Validation returns only the keys the model sent.
 */
export interface ToolParameters<Args> {
  readonly jsonSchema: JsonSchema;
  /**
   * The `$schema` the declared schema named (zod's is JSON Schema 2020-12),
   * kept here because `jsonSchema` drops it (some providers refuse the key);
   * `undefined` when it named none. kodama's MCP server serves it back.
   */
  readonly dialect?: string;
  validate(input: unknown): ValidationResult<Args>;
}

/**
 * A tool: what the model reads (name, description, parameters) plus what runs.
 *
 * Contract: `execute` receives validated arguments. A recoverable failure is
 * thrown as `ToolError` (a tool built by `defineTool` may also return a
 * `toolFailure(...)` value, which it throws as one); the model reads it once
 * as `Error: <message>` and the call's status is `error`. A returned string
 * starting with `Error: ` is still read as such a failure (tools written
 * before typed failures, text relayed from an MCP server). Any other
 * exception is a tool failure that the agent handles per its policy.
 *
 * Hosts decide what to do with a call by what the tool declares
 * ({@link Tool.effects}, {@link Tool.trifectaLegs}), never by its name. To
 * wrap a tool, use `wrapTool`: it keeps every field.
 */
export interface Tool<Args = Record<string, unknown>> {
  /** Function name advertised to the model. */
  readonly name: string;
  /** What the tool does and when to use it, as the model reads it. */
  readonly description: string;
  /** Declared parameters. */
  readonly parameters: ToolParameters<Args>;
  /**
   * Lethal-trifecta legs this tool contributes: the worst any call of it can
   * do. The trifecta map reads these; the runtime taint gate reads
   * {@link Tool.legsOf} when the tool has it.
   */
  readonly trifectaLegs: TrifectaLegs;
  /**
   * Optional: the legs of one call, judged from its validated arguments, for a
   * tool whose calls differ (bash running `npm test` reaches no network: no
   * egress, nothing untrusted in; `curl …` does both). The runtime taint gate
   * uses them twice: `egress` decides whether this call needs consent once
   * untrusted content is in the conversation, and `untrusted` whether its
   * result brings untrusted content in (recorded on the result's history
   * message as `taint`). Absent, every call has {@link Tool.trifectaLegs}.
   *
   * Contract: never wider than `trifectaLegs` (the map shows only those);
   * judge from the arguments alone, the same way every time (a replayed call
   * is judged again); when unsure, return `trifectaLegs` (fail closed). A
   * throw or rejection counts as `trifectaLegs`. Wrappers must keep it (spread
   * the tool: `{ ...tool, execute }`).
   */
  legsOf?(args: Args): TrifectaLegs | Promise<TrifectaLegs>;
  /**
   * Optional: what calls of this tool do besides answering (write a file, run
   * a command, read a path, reach the network), judged per call from the
   * validated arguments like `legsOf`. The permission gate, checkpoints and
   * the edit review read these. Absent: the tool declares no effect (hosts
   * treat it as an opaque call: its rules match by name only).
   */
  readonly effects?: ToolEffects<Args>;
  /**
   * Optional: the taint of what one call hands back that entered the
   * conversation earlier through another tool (`artifact_read` relays a stored
   * result's taint), judged from the validated arguments. Recorded on the
   * result's history message with the tool's own; a throw counts as none.
   */
  relayedTaint?(args: Args): readonly string[] | undefined | Promise<readonly string[] | undefined>;
  /** When true, a batch containing this tool runs one call at a time, in model order. */
  readonly sequential: boolean;
  /** Runs the tool. */
  execute(args: Args, context: ToolContext): Promise<ToolResult> | ToolResult;
}
