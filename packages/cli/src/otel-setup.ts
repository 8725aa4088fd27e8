import { readFileSync } from 'node:fs';
import type { Model, RunObserver } from '@kodama/core';
// @opentelemetry/resources is the SDK's own (sdk-trace-base 2.12.1 depends on the same 2.12.1); types only here, loaded with the SDK.
import type { Resource, ResourceDetector } from '@opentelemetry/resources';

/** What `KODAMA_OTEL=1` adds to a Run: the observer, and the flush to await before exiting. */
export interface CliTracing {
  readonly observer: RunObserver;
  /**
   * The model, wrapped so that chat spans also carry what only requests hold
   * (`otelModel`): `serverUrl`, the base URL it talks to, gives `server.address` / `server.port`;
   * `maxOutputTokens` is `--max-tokens` (the adapter applies it; requests do not carry it).
   */
  model(model: Model, options?: { serverUrl?: string; maxOutputTokens?: number }): Model;
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
 * conventions' switch. The resource is `service.name` `kodama` (or
 * `OTEL_SERVICE_NAME`) with what the SDK's standard detectors find (see
 * {@link tracingResource}).
 */
export async function cliTracing(telemetry: Telemetry): Promise<CliTracing | undefined> {
  if (!telemetry.enabled) return undefined;
  const [
    { BasicTracerProvider, BatchSpanProcessor },
    { OTLPTraceExporter },
    { otelObserver, otelModel, SCHEMA_URL },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@kodama/otel'),
  ]);
  const provider = new BasicTracerProvider({
    resource: await tracingResource(process.env),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  const { captureContent } = telemetry;
  const tracer = provider.getTracer('kodama', cliVersion(), { schemaUrl: SCHEMA_URL });
  return {
    observer: otelObserver({ tracer, agentName: 'kodama', captureContent }),
    model: (model, options) => otelModel(model, options),
    shutdown: () => provider.shutdown(),
  };
}

/** The CLI's version, read only when tracing is on (the module loads on every start, for {@link telemetryFrom}). */
function cliVersion(): string {
  return (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
}

/** The detectors `OTEL_NODE_RESOURCE_DETECTORS` may name (the Node SDK's variable), `all` by default. */
const DETECTORS = ['env', 'host', 'os', 'process', 'serviceinstance'] as const;

/**
 * The spans' resource: `service.name` `kodama` and `service.version`, then
 * what the SDK's standard detectors find, which win: `env`
 * (`OTEL_RESOURCE_ATTRIBUTES`, `OTEL_SERVICE_NAME`), `host`, `os`, `process`
 * (and `serviceinstance` when named), as `OTEL_NODE_RESOURCE_DETECTORS`
 * selects (`all` by default, `none` for none). The process detector's
 * `process.command_args` is left out: kodama's arguments hold the prompt
 * (`kodama ask "..."`), which is content, recorded only when asked.
 */
export async function tracingResource(env: NodeJS.ProcessEnv): Promise<Resource> {
  const R = await import('@opentelemetry/resources');
  const named = (env.OTEL_NODE_RESOURCE_DETECTORS ?? 'all').split(',').map((d) => d.trim());
  const wanted = new Set<string>(named.includes('all') ? DETECTORS.slice(0, 4) : named);
  if (named.includes('none')) wanted.clear();
  if (named.includes('serviceinstance')) wanted.add('serviceinstance');
  const withoutArguments: ResourceDetector = {
    detect: (config) => {
      const { 'process.command_args': _args, ...attributes } =
        R.processDetector.detect(config).attributes ?? {};
      return { attributes };
    },
  };
  const detectors: Record<(typeof DETECTORS)[number], ResourceDetector> = {
    env: R.envDetector,
    host: R.hostDetector,
    os: R.osDetector,
    process: withoutArguments,
    serviceinstance: R.serviceInstanceIdDetector,
  };
  const detected = R.detectResources({
    detectors: DETECTORS.filter((d) => wanted.has(d)).map((d) => detectors[d]),
  });
  return R.defaultResource()
    .merge(R.resourceFromAttributes({ 'service.name': 'kodama', 'service.version': cliVersion() }))
    .merge(detected);
}
