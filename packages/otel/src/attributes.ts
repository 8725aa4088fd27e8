// Attribute names of the OpenTelemetry GenAI semantic conventions (and the
// general ones they use), spelled once. kodama-specific ones use `kodama.`.

/** `invoke_agent`, `chat` or `execute_tool`. */
export const OPERATION = 'gen_ai.operation.name';
/** The provider: `openai`, `anthropic`, `openai-compatible`... */
export const PROVIDER = 'gen_ai.provider.name';
/** The older name of {@link PROVIDER}, still read by many backends. */
export const SYSTEM = 'gen_ai.system';
export const REQUEST_MODEL = 'gen_ai.request.model';
export const RESPONSE_MODEL = 'gen_ai.response.model';
export const FINISH_REASONS = 'gen_ai.response.finish_reasons';
export const INPUT_TOKENS = 'gen_ai.usage.input_tokens';
export const OUTPUT_TOKENS = 'gen_ai.usage.output_tokens';
export const AGENT_NAME = 'gen_ai.agent.name';
export const AGENT_ID = 'gen_ai.agent.id';
export const CONVERSATION_ID = 'gen_ai.conversation.id';
export const TOOL_NAME = 'gen_ai.tool.name';
export const TOOL_CALL_ID = 'gen_ai.tool.call.id';
export const TOOL_ARGUMENTS = 'gen_ai.tool.call.arguments';
export const TOOL_RESULT = 'gen_ai.tool.call.result';
export const INPUT_MESSAGES = 'gen_ai.input.messages';
export const OUTPUT_MESSAGES = 'gen_ai.output.messages';
export const ERROR_TYPE = 'error.type';
export const RUN_ID = 'kodama.run.id';
export const RUN_OUTCOME = 'kodama.run.outcome';
export const TOOL_STATUS = 'kodama.tool.status';
