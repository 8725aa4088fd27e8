import {
  type AgentEvent,
  EMPTY_USAGE,
  isEvent,
  type RunEndEvent,
  type RunEvent,
  type RunObserver,
} from '@kodama/core';
import { CHILD_RUN_END, CHILD_RUN_START } from '@kodama/core/run';
import { type Context, context, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { type AgentSpanSettings, AgentSpans, addUsage } from './agent-spans.ts';
import * as A from './attributes.ts';
import { setUsage } from './chat-span.ts';

/** Options of {@link otelObserver}. */
export interface OtelObserverOptions {
  /** Where spans go; default the global provider's `@kodama/otel` tracer (with the pinned schema URL) (the global provider the application set up). */
  readonly tracer?: Tracer;
  /** The name in the root span (`invoke_agent <name>`); default `kodama`. */
  readonly agentName?: string;
  /**
   * Record message content: the system instructions and input messages (with
   * {@link otelModel}), the user turn, the model's answers and tool calls,
   * tool arguments and results. Off by default: prompts and tool results can hold secrets.
   */
  readonly captureContent?: boolean;
  /** The context the Run's span hangs under; default: the active context when the Run starts. */
  readonly parent?: Context;
  /**
   * The value of `OTEL_SEMCONV_STABILITY_OPT_IN`; default
   * `process.env.OTEL_SEMCONV_STABILITY_OPT_IN`. With
   * `gen_ai_latest_experimental` only the pinned version's attributes are
   * emitted (no `gen_ai.system`, the v1.36.0 name of `gen_ai.provider.name`).
   */
  readonly semconvOptIn?: string;
}

/**
 * Turns one Run into OpenTelemetry spans following the GenAI semantic
 * conventions v1.41.0: `invoke_agent <name>` for the Run, `chat <model>` per
 * model call (provider, request and response model, token usage, finish
 * reason), `execute_tool <tool>` per tool execution (tool name, type and call
 * id), and for each nested agent (a sub-agent, an agent used as a tool, the
 * synthesizer) an `invoke_agent <id>` span under its parent agent's. Errors
 * set the span status, `error.type` (the error's class) and an exception
 * event; a cancelled or partial Run ends its open spans as not completed.
 * Pass it per Run: `agent.ask(prompt, { observers: [otelObserver()] })`;
 * wrap the model with {@link otelModel} for what only the request holds.
 * Only `@opentelemetry/api` is needed; the SDK and exporters are the
 * application's choice.
 */
export function otelObserver(options: OtelObserverOptions = {}): RunObserver {
  const settings: AgentSpanSettings = {
    tracer:
      options.tracer ??
      trace.getTracerProvider().getTracer('@kodama/otel', undefined, { schemaUrl: A.SCHEMA_URL }),
    captureContent: options.captureContent ?? false,
    latestOnly: A.latestOnly(options.semconvOptIn ?? process.env.OTEL_SEMCONV_STABILITY_OPT_IN),
  };
  let root: AgentSpans | undefined;
  let total = EMPTY_USAGE;
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
          undefined,
          options.parent ?? context.active(),
          event.sessionId,
        );
        root.span.setAttribute(A.RUN_ID, event.runId);
        return;
      case 'agent-stream': {
        // A child Run's start and end (runChild): its agent's span stands for it, ended at its turn-end.
        if (isEvent(event.event, CHILD_RUN_START) || isEvent(event.event, CHILD_RUN_END)) return;
        if (event.event.type === 'tokens') total = addUsage(total, event.event.usage);
        const spans = spansFor(event.source.path, event.source.agentId);
        spans.onEvent(event.event);
        if (event.event.type === 'turn-end') endNested(spans, event.event, event.source.path, nested);
        return;
      }
      case 'run-end':
        if (root) endRun(root, event, total, nested);
        return;
      case 'interjection-delivered':
        root?.span.addEvent('interjection', { count: event.count });
        return;
      default:
        if (event.type === 'tokens') total = addUsage(total, event.usage);
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
  spans.endOpen(end.outcome, end.error);
  setUsage(spans.span, end.usage);
  if (end.outcome !== 'completed') {
    const type = end.error?.name ?? end.outcome;
    spans.span.setAttribute(A.ERROR_TYPE, type);
    if (end.error) spans.span.recordException({ name: end.error.name, message: end.error.message });
    spans.span.setStatus({ code: SpanStatusCode.ERROR, message: end.error?.message ?? end.outcome });
  }
  spans.span.end();
  all.delete(path);
}

function endRun(
  root: AgentSpans,
  event: RunEndEvent,
  total: typeof EMPTY_USAGE,
  nested: Map<string, AgentSpans>,
): void {
  const span = root.span;
  span.setAttribute(A.RUN_OUTCOME, event.outcome);
  // The counts the responses reported (the Run's usage says 0 for "none reported").
  setUsage(span, total);
  const error = event.outcome === 'failed' ? event.error : undefined;
  if (error) {
    span.setAttribute(A.ERROR_TYPE, error.name);
    span.recordException({ name: error.name, message: error.message });
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
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
  root.endOpen(event.outcome, error);
  span.end();
}
