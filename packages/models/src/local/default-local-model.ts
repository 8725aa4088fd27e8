/**
 * The model `local` (with no file) means, and what `kodama` uses when nothing
 * else is configured: Qwen3 1.7B instruct at Q4_K_M (about 1.1 GB), a small
 * model with dependable tool calling whose chat format node-llama-cpp
 * supports natively (QwenChatWrapper: tool calls, thinking segments).
 */
export const DEFAULT_LOCAL_MODEL = Object.freeze({
  /** What `local:` resolves. */
  uri: 'hf:unsloth/Qwen3-1.7B-GGUF/Qwen3-1.7B-Q4_K_M.gguf',
  /** For prompts and lists. */
  label: 'Qwen3 1.7B (Q4_K_M)',
  /** Approximate size for the download prompt; the exact size comes from the server. */
  approxBytes: 1_110_000_000,
  /** Where it comes from, for people. */
  source: 'https://huggingface.co/unsloth/Qwen3-1.7B-GGUF',
});
