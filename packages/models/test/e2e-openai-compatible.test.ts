import { resolveModel } from '@kodama/models';
import { startOpenAICompatibleServer } from '@kodama/testkit';
import { FAST_RETRY } from './support/collect.ts';
import { streamSuite } from './support/stream-suite.ts';

// Both implementations of the OpenAI-compatible family keep the same contract:
// kodama's lean adapter (the default) and @ai-sdk/openai-compatible.
for (const implementation of ['kodama', 'ai-sdk'] as const) {
  streamSuite({
    name: `openai-compatible (${implementation})`,
    start: (script) => startOpenAICompatibleServer({ script }),
    model: (server, retry) =>
      resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
        env: { OPENAI_COMPATIBLE_API_KEY: 'test-key' },
        retry: { ...FAST_RETRY, ...retry },
        openAICompatibleAdapter: implementation,
      }),
    keyVar: 'OPENAI_COMPATIBLE_API_KEY',
    emptyChoices: true,
  });
}
