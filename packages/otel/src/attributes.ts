// Attribute names of the OpenTelemetry GenAI semantic conventions (and the
// general ones they use), spelled once, as semantic conventions v1.41.0 (the
// pinned version, SEMCONV_VERSION) names them. kodama-specific ones use `kodama.`.

/** The semantic conventions release these names and values follow. */
export const SEMCONV_VERSION = '1.41.0';
/** Where that release's attributes are defined: the span's schema. */
export const SCHEMA_URL = `https://opentelemetry.io/schemas/${SEMCONV_VERSION}`;

/** `invoke_agent`, `chat` or `execute_tool`. */
export const OPERATION = 'gen_ai.operation.name';
/** The provider from the conventions' list: `openai`, `anthropic`, `gcp.gemini`... */
export const PROVIDER = 'gen_ai.provider.name';
/** The v1.36.0 name of {@link PROVIDER}; emitted unless `OTEL_SEMCONV_STABILITY_OPT_IN` has `gen_ai_latest_experimental`. */
export const SYSTEM = 'gen_ai.system';
export const REQUEST_MODEL = 'gen_ai.request.model';
export const REQUEST_STREAM = 'gen_ai.request.stream';
export const REQUEST_TEMPERATURE = 'gen_ai.request.temperature';
export const REQUEST_MAX_TOKENS = 'gen_ai.request.max_tokens';
export const OUTPUT_TYPE = 'gen_ai.output.type';
export const RESPONSE_ID = 'gen_ai.response.id';
export const RESPONSE_MODEL = 'gen_ai.response.model';
export const FINISH_REASONS = 'gen_ai.response.finish_reasons';
export const INPUT_TOKENS = 'gen_ai.usage.input_tokens';
export const OUTPUT_TOKENS = 'gen_ai.usage.output_tokens';
export const CACHE_READ_TOKENS = 'gen_ai.usage.cache_read.input_tokens';
export const CACHE_CREATION_TOKENS = 'gen_ai.usage.cache_creation.input_tokens';
export const REASONING_TOKENS = 'gen_ai.usage.reasoning.output_tokens';
export const AGENT_NAME = 'gen_ai.agent.name';
export const AGENT_ID = 'gen_ai.agent.id';
export const CONVERSATION_ID = 'gen_ai.conversation.id';
export const TOOL_NAME = 'gen_ai.tool.name';
export const TOOL_TYPE = 'gen_ai.tool.type';
export const TOOL_CALL_ID = 'gen_ai.tool.call.id';
export const TOOL_ARGUMENTS = 'gen_ai.tool.call.arguments';
export const TOOL_RESULT = 'gen_ai.tool.call.result';
export const INPUT_MESSAGES = 'gen_ai.input.messages';
export const OUTPUT_MESSAGES = 'gen_ai.output.messages';
export const SYSTEM_INSTRUCTIONS = 'gen_ai.system_instructions';
export const SERVER_ADDRESS = 'server.address';
export const SERVER_PORT = 'server.port';
export const ERROR_TYPE = 'error.type';
export const RUN_ID = 'kodama.run.id';
export const RUN_OUTCOME = 'kodama.run.outcome';
export const TOOL_STATUS = 'kodama.tool.status';
/** kodama's own provider name (`openai-compatible`, `ollama`...), where the conventions' value says less. */
export const KODAMA_PROVIDER = 'kodama.model.provider';

/**
 * True when `OTEL_SEMCONV_STABILITY_OPT_IN` (a comma-separated list) holds
 * `gen_ai_latest_experimental`: the conventions' switch to emit only the
 * latest GenAI attributes, dropping the v1.36.0 ones kept by default.
 */
export function latestOnly(optIn: string | undefined): boolean {
  return (optIn ?? '')
    .split(',')
    .map((v) => v.trim())
    .includes('gen_ai_latest_experimental');
}
