import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';

/** An AI SDK model whose every `doStream` plays `parts`, for tests of `fromAiSdk` without a server. */
export function fakeV3Model(parts: readonly LanguageModelV3StreamPart[]): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'fake.chat',
    modelId: 'fake-model',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('fakeV3Model streams only')),
    doStream: async () => ({
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    }),
  };
}

/** A V3 `finish` part for tool calls. */
export const TOOL_FINISH: LanguageModelV3StreamPart = {
  type: 'finish',
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  },
};
