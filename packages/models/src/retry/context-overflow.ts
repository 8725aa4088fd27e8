/**
 * How providers say "the request does not fit the model's context window",
 * matched case-insensitively. Each wording was looked up in the providers'
 * sources or in issues quoting their error bodies (December 2026).
 */
const OVERFLOW_WORDINGS: readonly RegExp[] = [
  // OpenAI's error code, in the body's `error.code` (crewAIInc/crewAI-examples#121,
  // NextChat#625) and in Responses API stream errors (anomalyco/opencode#6071).
  /context_length_exceeded/i,
  // OpenAI Chat Completions: "This model's maximum context length is 8192 tokens. However, your
  // messages resulted in 8227 tokens. Please reduce the length of the messages." (crewAI-examples#121);
  // vLLM copies it (THUDM/LongBench#104).
  /maximum context length is \d+/i,
  // OpenAI Responses API: "Your input exceeds the context window of this model. Please adjust your
  // input and try again." (anomalyco/opencode#6071, dyad-sh/dyad#1672).
  /input exceeds the context window/i,
  // Anthropic: "prompt is too long: 209353 tokens > 199999 maximum" (entropy-research/Devon#88,
  // anthropics/claude-code#14195).
  /prompt is too long: \d+ tokens? > \d+/i,
  // Anthropic, when the input plus max_tokens does not fit: "input length and `max_tokens` exceed
  // context limit: 189136 + 20000 > 204648, decrease input length or `max_tokens` and try again"
  // (anthropics/claude-code#408, continuedev/continue#6080).
  /input length and `?max_tokens`? exceed context limit/i,
  // Google Gemini: "The input token count (1200293) exceeds the maximum number of tokens allowed
  // (1048576)." (google-gemini/gemini-cli#6678, #11507).
  /input token count \(\d+\) exceeds the maximum number of tokens/i,
  // llama.cpp server: error type `exceed_context_size_error` (ggml-org/llama.cpp#15780), message
  // "request (4390 tokens) exceeds the available context size (4096 tokens), try increasing it"
  // (tools/server/server-context.cpp), before that "the request exceeds the available context size,
  // try increasing it" (#17284) and "... try increasing the context size or enable context shift" (#15780).
  /exceed_context_size_error/i,
  /exceeds the available context size/i,
  // llama.cpp, for inputs it cannot split: "input (N tokens) is larger than the max context size
  // (M tokens). skipping" (tools/server/server-context.cpp).
  /is larger than the max context size/i,
  // llama.cpp's HTTP 500 `server_error` "Context size has been exceeded." (ggml-org/llama.cpp#19774);
  // LM Studio uses the same sentence.
  /context size has been exceeded/i,
  // Ollama (ollama/ollama at fb30760, August 2026): "the input length exceeds the context length"
  // (server/routes.go), "the prompt is longer than the context length currently available to the
  // model; ..." (llm/llama_server.go, context shift off), "input exceeds maximum context length and
  // cannot be truncated further" (server/routes.go), "input length (N tokens) exceeds the model's
  // maximum context length (M tokens)" (x/mlxrunner/pipeline.go). Ollama running llama-server also
  // passes on llama.cpp's `exceed_context_size_error` body (matched above).
  /input length exceeds the context length/i,
  /prompt is longer than the context length/i,
  /exceeds (?:the model's )?maximum context length/i,
];

// Where the provider's words can sit on an error: its message (a `ModelError`'s includes the body's
// `error.message`), a `ProviderHttpError`'s `body`, the AI SDK's `responseBody`, a mid-stream
// error payload's `code`/`type`.
const TEXT_FIELDS = ['message', 'body', 'responseBody', 'code', 'type'] as const;
// Objects that may hold more of the same: the cause chain, a `{ error: {...} }` payload, the AI
// SDK's parsed `data`.
const NESTED_FIELDS = ['cause', 'error', 'data'] as const;
// Enough for ModelError → ProviderHttpError → parsed body; bounds hostile or cyclic chains.
const MAX_OBJECTS = 16;

/**
 * True when a provider's failure says the request was too long for the
 * model's context window (what compaction can fix), as OpenAI, Anthropic,
 * Google Gemini, llama.cpp and Ollama word it. {@link classifyError} turns
 * such a failure into a `ModelError` of kind `context-overflow`, the fact
 * core reads; this wording knowledge stays here, with the adapters.
 *
 * Accepts what an adapter call throws (AI SDK `APICallError`, our
 * `ProviderHttpError`, a mid-stream error payload, a `ModelError` with the
 * raw error as `cause`), a plain object with `message` / `status` / `cause`,
 * or a string. The whole `cause` chain is searched. An HTTP 429 anywhere in
 * the chain is never an overflow: a rate limit is not fixed by a shorter
 * conversation, even when its text speaks of tokens (OpenAI's
 * tokens-per-minute limit says the input "must be reduced").
 */
export function saysContextOverflow(error: unknown): boolean {
  const texts: string[] = [];
  const seen = new Set<object>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < MAX_OBJECTS) {
    const value = queue.shift();
    if (typeof value === 'string') {
      texts.push(value);
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const fields = value as Record<string, unknown>;
    if (fields.status === 429 || fields.statusCode === 429) return false;
    for (const key of TEXT_FIELDS) {
      const text = fields[key];
      if (typeof text === 'string') texts.push(text);
    }
    for (const key of NESTED_FIELDS) queue.push(fields[key]);
  }
  return texts.some((text) => OVERFLOW_WORDINGS.some((wording) => wording.test(text)));
}
