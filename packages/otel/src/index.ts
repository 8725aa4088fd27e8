/**
 * @kodama/otel: OpenTelemetry GenAI spans for kodama Runs. Only
 * `@opentelemetry/api` is a dependency; the SDK and exporters are yours.
 */
export { type OtelObserverOptions, otelObserver } from './otel-observer.ts';
