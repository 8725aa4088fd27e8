import type { RunObserver } from '@kodama/core';

/** What `KODAMA_OTEL=1` adds to a Run: the observer, and the flush to await before exiting. */
export interface CliTracing {
  readonly observer: RunObserver;
  /** Sends what is buffered and stops the exporter. */
  shutdown(): Promise<void>;
}

/** What the environment asks of tracing, read once into the spec. */
export interface Telemetry {
  /** `KODAMA_OTEL=1`: export the Runs' spans. */
  readonly enabled: boolean;
  /** `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`: record message content. */
  readonly captureContent: boolean;
}

/** The tracing settings of `env`. */
export function telemetryFrom(env: NodeJS.ProcessEnv): Telemetry {
  return Object.freeze({
    enabled: env.KODAMA_OTEL === '1',
    captureContent: env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT === 'true',
  });
}

/**
 * With `KODAMA_OTEL=1`, an OpenTelemetry SDK with a batching OTLP/HTTP
 * exporter, configured by the standard `OTEL_EXPORTER_OTLP_*` variables
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, `..._TRACES_ENDPOINT`, `..._HEADERS`), and
 * the Run observer that feeds it; `undefined` otherwise. The SDK loads only
 * then. Message content is recorded only with
 * `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true`, the GenAI
 * conventions' switch.
 */
export async function cliTracing(telemetry: Telemetry): Promise<CliTracing | undefined> {
  if (!telemetry.enabled) return undefined;
  const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { otelObserver }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@kodama/otel'),
    ]);
  const provider = new BasicTracerProvider({
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  const { captureContent } = telemetry;
  return {
    observer: otelObserver({ tracer: provider.getTracer('kodama'), agentName: 'kodama', captureContent }),
    shutdown: () => provider.shutdown(),
  };
}
