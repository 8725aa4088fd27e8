// Builders and a fast-check generator of conversations as the loop stores them:
// turns of a user message, interjections, and steps (an assistant message, then
// the results of its tool calls right after it).
import fc from 'fast-check';
import type { HistoryMessage } from '../../src/history/history-message.ts';
import type { ToolCall } from '../../src/messages/message.ts';

/** Mints message ids m1, m2, ... and tool-call ids c1, c2, ... for one conversation. */
export class Builder {
  readonly entries: HistoryMessage[] = [];
  #messages = 0;
  #calls = 0;

  user(text: string, kind: 'user' | 'injected' = 'user'): this {
    this.entries.push({ id: `m${++this.#messages}`, kind, message: { role: 'user', content: text } });
    return this;
  }

  /** An assistant message calling `tools` (by name), each answered right after it unless `answered` is false. */
  step(text: string, tools: readonly string[] = [], answered = true): this {
    const toolCalls: ToolCall[] = tools.map((name, i) => ({
      id: `c${++this.#calls}`,
      name,
      arguments: JSON.stringify({ n: i }),
    }));
    this.entries.push({
      id: `m${++this.#messages}`,
      kind: 'assistant',
      message: { role: 'assistant', text, reasoning: `thinking about ${text}`, toolCalls },
      modelId: 'scripted',
    });
    if (!answered) return this;
    for (const call of toolCalls) {
      this.entries.push({
        id: `m${++this.#messages}`,
        kind: 'tool',
        message: { role: 'tool', toolCallId: call.id, toolName: call.name, content: `result of ${call.id}` },
      });
    }
    return this;
  }
}

type Step = { readonly tools: number; readonly interjection: boolean };
type Turn = { readonly kind: 'user' | 'injected'; readonly steps: readonly Step[] };

const step: fc.Arbitrary<Step> = fc.record({ tools: fc.nat({ max: 3 }), interjection: fc.boolean() });
const turn: fc.Arbitrary<Turn> = fc.record({
  // Mostly user turns; sometimes a turn opened by an interjection (a bare run over the Interloper's queue).
  kind: fc.constantFrom<'user' | 'injected'>('user', 'user', 'user', 'injected'),
  steps: fc.array(step, { maxLength: 6 }),
});

/** Valid conversations of up to 8 turns; the very last batch may be left unanswered (an interrupted turn). */
export const conversations: fc.Arbitrary<HistoryMessage[]> = fc
  .record({ turns: fc.array(turn, { maxLength: 8 }), interrupted: fc.boolean() })
  .map(({ turns, interrupted }) => {
    const b = new Builder();
    turns.forEach((t, ti) => {
      b.user(`turn ${ti}`, t.kind);
      t.steps.forEach((s, si) => {
        const last = ti === turns.length - 1 && si === t.steps.length - 1;
        const names = Array.from({ length: s.tools }, (_, k) => `tool${k}`);
        b.step(`step ${ti}.${si}`, names, !(last && interrupted));
        if (s.interjection && !last) b.user(`interjection ${ti}.${si}`, 'injected');
      });
    });
    return b.entries;
  });
