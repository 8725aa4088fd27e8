import { type AGUIEvent, EventType } from '@ag-ui/core';
import { contentText, isEvent, type RunEndEvent, type RunEvent } from '@kodama/core';
import { TASKS_CHANGED } from '@kodama/tools/tasks';

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

  /** `threadId`: the AG-UI conversation this Run belongs to. */
  constructor(threadId: string) {
    this.#threadId = threadId;
  }

  /** The AG-UI events for one Run event (often none, sometimes several). */
  map(event: RunEvent): AGUIEvent[] {
    switch (event.type) {
      case 'run-start':
        this.#runId = event.runId;
        return [
          { type: EventType.RUN_STARTED, threadId: this.#threadId, runId: event.runId, timestamp: event.at },
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
        return isEvent(event, TASKS_CHANGED)
          ? [{ type: EventType.STATE_SNAPSHOT, snapshot: { tasks: event.data?.tasks ?? [] } }]
          : [{ type: EventType.CUSTOM, name: event.name, value: event.data ?? null }];
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
        return [...this.#closeAll(), this.#finished({ type: 'cancelled' })];
      case 'failed':
        return [
          ...this.#closeAll(),
          { type: EventType.RUN_ERROR, message: event.message, code: event.error.code ?? event.error.name },
        ];
    }
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
export async function* toAgUi(stream: AsyncIterable<RunEvent>, threadId: string): AsyncIterable<AGUIEvent> {
  const mapper = new AgUiMapper(threadId);
  for await (const event of stream) yield* mapper.map(event);
}
