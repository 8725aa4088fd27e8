/** What `kodama ask` prints when it finds no model: every way to point it at one. */
export const NO_MODEL_MESSAGE = `kodama: no model found.

kodama looked for, in order:
  1. --model <target> or the KODAMA_MODEL environment variable
  2. a local server: llama.cpp on 127.0.0.1:8080, Ollama on 127.0.0.1:11434, LM Studio on 127.0.0.1:1234
  3. an API key: OPENAI_API_KEY, ANTHROPIC_API_KEY, OPENROUTER_API_KEY, GEMINI_API_KEY

Point it at a model in one of these ways:
  kodama ask --model openai:gpt-4.1-mini "..."                (with OPENAI_API_KEY set)
  kodama ask --model anthropic:claude-sonnet-4-5 "..."        (with ANTHROPIC_API_KEY set)
  kodama ask --model ollama:qwen3 "..."                       (with Ollama running)
  kodama ask --model openai-compatible:http://127.0.0.1:8080/v1 "..."
  export KODAMA_MODEL=llamacpp

Or try it without any model, against the bundled scripted server:
  npx kodama-testkit serve --script packages/testkit/scripts/demo.json --port 8080 --loop &
  npx kodama ask --model openai-compatible:http://127.0.0.1:8080/v1 "What is 17 * 23?"
`;
