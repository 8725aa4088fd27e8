// fast-check generators of valid histories, shared by the property tests.
import { Buffer } from 'node:buffer';
import type { Content, ContentPart, ModelMessage, ToolCall, Usage } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import fc from 'fast-check';

const text = fc.string({ unit: 'binary', maxLength: 40 });

const image = fc
  .record({
    bytes: fc.uint8Array({ maxLength: 48 }),
    mediaType: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'application/x-thing'),
  })
  .map(
    ({ bytes, mediaType }): ContentPart => ({
      type: 'image',
      mediaType,
      data: Buffer.from(bytes).toString('base64'),
    }),
  );

const part = fc.oneof(
  text.map((t): ContentPart => ({ type: 'text', text: t })),
  image,
);

/** Plain text or rich parts, images included. */
export const content: fc.Arbitrary<Content> = fc.oneof(text, fc.array(part, { maxLength: 4 }));

const count = fc.option(fc.nat({ max: 1_000_000 }), { nil: undefined });

/** A usage record with any subset of fields reported. */
export const usage: fc.Arbitrary<Usage> = fc.record({
  inputTokens: count,
  outputTokens: count,
  cacheReadTokens: count,
  cacheWriteTokens: count,
  reasoningTokens: count,
});

interface Draft {
  readonly kind: HistoryMessage['kind'];
  readonly message: ModelMessage;
  readonly modelId?: string;
  readonly usage?: Usage;
}

const userTurn = fc
  .record({ kind: fc.constantFrom<'user' | 'injected'>('user', 'injected'), content })
  .map(({ kind, content }): Draft[] => [{ kind, message: { role: 'user', content } }]);

const calls = fc.uniqueArray(
  fc.record({ id: fc.string({ minLength: 1, maxLength: 8 }), name: text, arguments: text }),
  { maxLength: 3, selector: (c) => c.id },
);

/** An assistant message, then results for a shuffled subset of its calls (the rest dangle). */
const assistantTurn = fc
  .record({
    text,
    reasoning: fc.option(text, { nil: undefined }),
    toolCalls: calls,
    modelId: fc.option(fc.constantFrom('openai:gpt-5', 'anthropic:claude', 'llamacpp:qwen'), {
      nil: undefined,
    }),
    usage: fc.option(usage, { nil: undefined }),
    answers: fc.array(fc.tuple(fc.nat(), content), { maxLength: 3 }),
  })
  .map(({ text, reasoning, toolCalls, modelId, usage, answers }): Draft[] => {
    const message: ModelMessage =
      reasoning === undefined
        ? { role: 'assistant', text, toolCalls }
        : { role: 'assistant', text, reasoning, toolCalls };
    const drafts: Draft[] = [withMeta({ kind: 'assistant', message }, modelId, usage)];
    const pending: ToolCall[] = [...toolCalls];
    for (const [pick, result] of answers) {
      if (pending.length === 0) break;
      const [call] = pending.splice(pick % pending.length, 1);
      drafts.push({
        kind: 'tool',
        message: { role: 'tool', toolCallId: call!.id, toolName: call!.name, content: result },
      });
    }
    return drafts;
  });

function withMeta(draft: Draft, modelId: string | undefined, usage: Usage | undefined): Draft {
  return {
    ...draft,
    ...(modelId === undefined ? {} : { modelId }),
    ...(usage === undefined ? {} : { usage }),
  };
}

/** Valid message lists: any mix of turns, unique ids, every tool result answering its batch. */
export const historyMessages: fc.Arbitrary<HistoryMessage[]> = fc
  .array(fc.oneof(userTurn, assistantTurn), { maxLength: 8 })
  .map((turns) => turns.flat())
  .chain((drafts) =>
    fc
      .uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), {
        minLength: drafts.length,
        maxLength: drafts.length,
      })
      .map((ids) => drafts.map((draft, i): HistoryMessage => ({ id: ids[i]!, ...draft }))),
  );

/**
 * Checks the invariants every parsed history must hold, independently of the
 * parser: unique ids, kinds matching roles, each tool result answering, once,
 * a call of the assistant message its run of results follows.
 */
export function assertWellFormed(messages: readonly HistoryMessage[]): void {
  const ids = new Set<string>();
  let batch: Map<string, string> | undefined;
  for (const [i, m] of messages.entries()) {
    if (ids.has(m.id)) throw new Error(`duplicate id at ${i}`);
    ids.add(m.id);
    const role = m.kind === 'injected' ? 'user' : m.kind;
    if (m.message.role !== role) throw new Error(`kind/role mismatch at ${i}`);
    if (m.message.role === 'assistant') {
      batch = new Map(m.message.toolCalls.map((c) => [c.id, c.name]));
    } else if (m.message.role === 'user') {
      batch = undefined;
    } else {
      const name = batch?.get(m.message.toolCallId);
      if (name === undefined || name !== m.message.toolName) throw new Error(`dangling tool result at ${i}`);
      batch!.delete(m.message.toolCallId);
    }
  }
}
