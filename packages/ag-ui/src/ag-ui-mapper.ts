import { type AGUIEvent, EventType } from '@ag-ui/core';
import { contentText, isEvent, type RunEndEvent, type RunEvent } from '@kodama/core';
import { TASKS_CHANGED } from '@kodama/tools/tasks';

/** Options of {@link AgUiMapper}. */
export interface AgUiMapperOptions {
  /**
   * The client's shared state (`RunAgentInput.state`): echoed as
   * `STATE_SNAPSHOT` right after `RUN_STARTED`, and a task list change
   * becomes a `STATE_DELTA` on `/tasks` of it (when it is an object) rather
   * than a snapshot that would replace the rest. Absent: no echo, and a task
   * list change is a `STATE_SNAPSHOT` `{ tasks }`.
   */
  readonly state?: unknown;
  /**
   * Names of the client's front-end tools: their calls are streamed for the
   * client to execute, no `TOOL_CALL_RESULT` is sent for them, and a Run that
   * was cancelled to hand them over finishes with outcome success.
   */
  readonly clientTools?: ReadonlySet<string>;
}

/**
 * Maps one Run's events to AG-UI events, in order. Stateful (which text or
 * reasoning message is open, the ids it gave them), so one mapper per Run.
 * Only the Run's own agent is mapped: nested agents' `agent-stream` events are
 * left out (AG-UI clients render one conversation).
 */
export class AgUiMapper {
  readonly #threadId: string;
  #runId = '';
  #messages = 0;
  #text: string | undefined;
  #reasoning: string | undefined;
  #lastAssistant: string | undefined;
  #step: string | undefined;
  /** What the current response streamed, so its closing event does not repeat it. */
  #streamed = { text: false, reasoning: false };
  readonly #options: AgUiMapperOptions;
  /** The task list the client last heard of (JSON), so an unchanged list is not sent again. */
  #tasks: string | undefined;
  /** Calls of client tools this Run streamed: they are the client's to answer. */
  readonly #handedOff = new Set<string>();

  /** `threadId`: the AG-UI conversation this Run belongs to. */
  constructor(threadId: string, options: AgUiMapperOptions = {}) {
    this.#threadId = threadId;
    this.#options = options;
  }

  /** Whether the Run called a client tool (and so ends for the client to answer it). */
  get handedOff(): boolean {
    return this.#handedOff.size > 0;
  }

  /** The AG-UI events for one Run event (often none, sometimes several). */
  map(event: RunEvent): AGUIEvent[] {
    switch (event.type) {
      case 'run-start':
        this.#runId = event.runId;
        return [
          { type: EventType.RUN_STARTED, threadId: this.#threadId, runId: event.runId, timestamp: event.at },
          ...('state' in this.#options
            ? [{ type: EventType.STATE_SNAPSHOT, snapshot: this.#options.state } as AGUIEvent]
            : []),
        ];
      case 'model-start':
        this.#streamed = { text: false, reasoning: false };
        this.#step = `model ${event.index}`;
        return [{ type: EventType.STEP_STARTED, stepName: this.#step }];
      case 'tokens': {
        const stepName = this.#step ?? 'model';
        this.#step = undefined;
        return [{ type: EventType.STEP_FINISHED, stepName }];
      }
      case 'reasoning-delta':
        this.#streamed.reasoning = true;
        return [
          ...this.#openReasoning(),
          { type: EventType.REASONING_MESSAGE_CONTENT, messageId: this.#reasoning!, delta: event.text },
        ];
      case 'reasoning':
        if (this.#streamed.reasoning) return this.#closeReasoning();
        return [
          ...this.#openReasoning(),
          ...content(EventType.REASONING_MESSAGE_CONTENT, this.#reasoning!, event.text),
          ...this.#closeReasoning(),
        ];
      case 'assistant-delta':
        this.#streamed.text = true;
        return [
          ...this.#openText(),
          { type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.#text!, delta: event.text },
        ];
      case 'assistant':
        if (this.#streamed.text) return this.#closeText();
        if (event.text === '') return [];
        return [
          ...this.#openText(),
          ...content(EventType.TEXT_MESSAGE_CONTENT, this.#text!, event.text),
          ...this.#closeText(),
        ];
      case 'tool-call': {
        if (this.#options.clientTools?.has(event.name)) this.#handedOff.add(event.toolCallId);
        const parent = this.#lastAssistant === undefined ? {} : { parentMessageId: this.#lastAssistant };
        return [
          {
            type: EventType.TOOL_CALL_START,
            toolCallId: event.toolCallId,
            toolCallName: event.name,
            ...parent,
          },
          ...(event.arguments === ''
            ? []
            : [
                {
                  type: EventType.TOOL_CALL_ARGS,
                  toolCallId: event.toolCallId,
                  delta: event.arguments,
                } as AGUIEvent,
              ]),
          { type: EventType.TOOL_CALL_END, toolCallId: event.toolCallId },
        ];
      }
      case 'tool-result':
        if (this.#handedOff.has(event.toolCallId)) return [];
        return [
          {
            type: EventType.TOOL_CALL_RESULT,
            messageId: this.#nextId(),
            toolCallId: event.toolCallId,
            content: contentText(event.content),
            role: 'tool',
          },
        ];
      case 'domain':
        if (!isEvent(event, TASKS_CHANGED))
          return [{ type: EventType.CUSTOM, name: event.name, value: event.data ?? null }];
        return this.#tasksChanged(event.data?.tasks ?? []);
      case 'run-end':
        return this.#ended(event);
      default:
        return [];
    }
  }

  /** The Run's one `run-end`, by outcome. */
  #ended(event: RunEndEvent): AGUIEvent[] {
    switch (event.outcome) {
      case 'completed':
        return [this.#finished({ type: 'success' }, event.output ?? event.response)];
      case 'partial':
        return [this.#finished({ type: 'success' }, event.response, { kodamaOutcome: 'partial' })];
      case 'cancelled':
        // Cancelled by the handler to hand a client tool call over: the Run did its part.
        if (this.handedOff) return [...this.#closeAll(), this.#finished({ type: 'success' })];
        return [...this.#closeAll(), this.#finished({ type: 'cancelled' })];
      case 'failed':
        return [
          ...this.#closeAll(),
          { type: EventType.RUN_ERROR, message: event.message, code: event.error.code ?? event.error.name },
        ];
    }
  }

  /** A task list change: a delta of the client's object state, else the snapshot `{ tasks }`. */
  #tasksChanged(tasks: unknown): AGUIEvent[] {
    const { state } = this.#options;
    if (typeof state !== 'object' || state === null || Array.isArray(state))
      return [{ type: EventType.STATE_SNAPSHOT, snapshot: { tasks } }];
    const json = JSON.stringify(tasks);
    if (json === (this.#tasks ?? JSON.stringify((state as { tasks?: unknown }).tasks))) return [];
    this.#tasks = json;
    return [{ type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/tasks', value: tasks }] }];
  }

  #finished(
    outcome: { type: 'success' } | { type: 'cancelled' },
    result?: unknown,
    metadata?: Record<string, string>,
  ): AGUIEvent {
    return {
      type: EventType.RUN_FINISHED,
      threadId: this.#threadId,
      runId: this.#runId,
      outcome,
      ...(result === undefined ? {} : { result }),
      ...(metadata ? { metadata } : {}),
    } as AGUIEvent;
  }

  #nextId(): string {
    return `${this.#runId}:${this.#messages++}`;
  }

  /** Opens the answer's text message; reasoning streamed before it is over by then. */
  #openText(): AGUIEvent[] {
    if (this.#text !== undefined) return [];
    const closed = this.#closeReasoning();
    this.#text = this.#nextId();
    this.#lastAssistant = this.#text;
    return [...closed, { type: EventType.TEXT_MESSAGE_START, messageId: this.#text, role: 'assistant' }];
  }

  #closeText(): AGUIEvent[] {
    if (this.#text === undefined) return [];
    const messageId = this.#text;
    this.#text = undefined;
    return [{ type: EventType.TEXT_MESSAGE_END, messageId }];
  }

  #openReasoning(): AGUIEvent[] {
    if (this.#reasoning !== undefined) return [];
    const messageId = this.#nextId();
    this.#reasoning = messageId;
    return [
      { type: EventType.REASONING_START, messageId },
      { type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' },
    ];
  }

  #closeReasoning(): AGUIEvent[] {
    if (this.#reasoning === undefined) return [];
    const messageId = this.#reasoning;
    this.#reasoning = undefined;
    return [
      { type: EventType.REASONING_MESSAGE_END, messageId },
      { type: EventType.REASONING_END, messageId },
    ];
  }

  /** A cut-off Run still closes what it opened, so a client's message state stays whole. */
  #closeAll(): AGUIEvent[] {
    return [...this.#closeReasoning(), ...this.#closeText()];
  }
}

function content(
  type: EventType.TEXT_MESSAGE_CONTENT | EventType.REASONING_MESSAGE_CONTENT,
  messageId: string,
  delta: string,
): AGUIEvent[] {
  return delta === '' ? [] : [{ type, messageId, delta } as AGUIEvent];
}

/** A Run's event stream as AG-UI events (see {@link AgUiMapper}). */
export async function* toAgUi(
  stream: AsyncIterable<RunEvent>,
  threadId: string,
  options: AgUiMapperOptions = {},
): AsyncIterable<AGUIEvent> {
  const mapper = new AgUiMapper(threadId, options);
  for await (const event of stream) yield* mapper.map(event);
}
