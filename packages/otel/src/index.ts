/**
 * @kodama/otel: OpenTelemetry GenAI spans for kodama Runs (semantic
 * conventions v1.41.0). Only `@opentelemetry/api` is a dependency; the SDK
 * and exporters are yours.
 */
export { SCHEMA_URL, SEMCONV_VERSION } from './attributes.ts';
export { finishReason, providerName } from './conventions.ts';
export { type OtelObserverOptions, otelObserver } from './otel-observer.ts';
export { type OtelModelOptions, otelModel } from './traced-model.ts';
