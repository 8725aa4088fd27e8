import {
  type AgentEvent,
  isEvent,
  type RunEndEvent,
  type RunEvent,
  type RunObserver,
  type RunUsage,
} from '@kodama/core';
import { CHILD_RUN_END, CHILD_RUN_START } from '@kodama/core/run';
import { type Context, context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { AgentSpans } from './agent-spans.ts';
import * as A from './attributes.ts';

/** Options of {@link otelObserver}. */
export interface OtelObserverOptions {
  /** Where spans go; default `trace.getTracer('@kodama/otel')` (the global provider the application set up). */
  readonly tracer?: Tracer;
  /** The name in the root span (`invoke_agent <name>`); default `kodama`. */
  readonly agentName?: string;
  /**
   * Record message content: the user turn, the model's answers, tool
   * arguments and results. Off by default: prompts and tool results can hold secrets.
   */
  readonly captureContent?: boolean;
  /** The context the Run's span hangs under; default: the active context when the Run starts. */
  readonly parent?: Context;
}

/**
 * Turns one Run into OpenTelemetry spans following the GenAI semantic
 * conventions: `invoke_agent <name>` for the Run, `chat <model>` per model
 * call (provider, request and response model, token usage, finish reason),
 * `execute_tool <tool>` per tool execution (tool name and call id), and for
 * each nested agent (a sub-agent, an agent used as a tool, the synthesizer) an
 * `invoke_agent <id>` span under its parent agent's. Errors set the span
 * status and record an exception event; a cancelled or partial Run ends its
 * open spans as not completed. Pass it per Run: `agent.ask(prompt, {
 * observers: [otelObserver()] })`. Only `@opentelemetry/api` is needed; the
 * SDK and exporters are the application's choice.
 */
export function otelObserver(options: OtelObserverOptions = {}): RunObserver {
  const settings = {
    tracer: options.tracer ?? trace.getTracer('@kodama/otel'),
    captureContent: options.captureContent ?? false,
  };
  let root: AgentSpans | undefined;
  const nested = new Map<string, AgentSpans>();

  const spansFor = (path: string, agentId: string): AgentSpans => {
    let spans = nested.get(path);
    if (!spans) {
      const parentPath = path.slice(0, path.lastIndexOf('/'));
      const parent = (parentPath ? nested.get(parentPath) : root) ?? root;
      spans = new AgentSpans(settings, agentId, agentId, parent?.context ?? context.active());
      nested.set(path, spans);
    }
    return spans;
  };

  return (event: RunEvent) => {
    switch (event.type) {
      case 'run-start':
        root = new AgentSpans(
          settings,
          options.agentName ?? 'kodama',
          '',
          options.parent ?? context.active(),
        );
        root.span.setAttribute(A.RUN_ID, event.runId);
        if (event.sessionId) root.span.setAttribute(A.CONVERSATION_ID, event.sessionId);
        return;
      case 'agent-stream': {
        // A child Run's start and end (runChild): its agent's span stands for it, ended at its turn-end.
        if (isEvent(event.event, CHILD_RUN_START) || isEvent(event.event, CHILD_RUN_END)) return;
        const spans = spansFor(event.source.path, event.source.agentId);
        spans.onEvent(event.event);
        if (event.event.type === 'turn-end') endNested(spans, event.event, event.source.path, nested);
        return;
      }
      case 'run-end':
        if (root) endRun(root, event, nested);
        return;
      case 'interjection-delivered':
        root?.span.addEvent('interjection', { count: event.count });
        return;
      default:
        root?.onEvent(event as AgentEvent);
    }
  };
}

function endNested(
  spans: AgentSpans,
  end: Extract<AgentEvent, { type: 'turn-end' }>,
  path: string,
  all: Map<string, AgentSpans>,
): void {
  spans.endOpen(end.outcome);
  if (end.usage.inputTokens !== undefined) spans.span.setAttribute(A.INPUT_TOKENS, end.usage.inputTokens);
  if (end.usage.outputTokens !== undefined) spans.span.setAttribute(A.OUTPUT_TOKENS, end.usage.outputTokens);
  if (end.outcome !== 'completed') {
    const type = end.error?.name ?? end.outcome;
    spans.span.setAttribute(A.ERROR_TYPE, type);
    if (end.error) spans.span.recordException({ name: end.error.name, message: end.error.message });
    spans.span.setStatus({ code: SpanStatusCode.ERROR, message: end.error?.message ?? end.outcome });
  }
  spans.span.end();
  all.delete(path);
}

function endRun(root: AgentSpans, event: RunEndEvent, nested: Map<string, AgentSpans>): void {
  const span = root.span;
  span.setAttribute(A.RUN_OUTCOME, event.outcome);
  usage(span, event.usage);
  if (event.outcome === 'failed') {
    span.setAttribute(A.ERROR_TYPE, event.error.name);
    span.recordException({ name: event.error.name, message: event.error.message });
    span.setStatus({ code: SpanStatusCode.ERROR, message: event.error.message });
  } else if (event.outcome !== 'completed') {
    const type = event.outcome === 'cancelled' ? 'cancelled' : 'deadline_exceeded';
    span.setAttribute(A.ERROR_TYPE, type);
    span.setStatus({ code: SpanStatusCode.ERROR, message: type });
  }
  for (const spans of [...nested.values()].reverse()) {
    spans.endOpen(event.outcome);
    spans.span.setStatus({ code: SpanStatusCode.ERROR, message: event.outcome });
    spans.span.end();
  }
  nested.clear();
  root.endOpen(event.outcome);
  span.end();
}

function usage(span: Span, u: RunUsage): void {
  span.setAttribute(A.INPUT_TOKENS, u.inputTokens);
  span.setAttribute(A.OUTPUT_TOKENS, u.outputTokens);
}
