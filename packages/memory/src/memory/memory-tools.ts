import { type AnyTool, defineTool, params, type TrifectaLegs } from '@kodama/core';
import type { MemoryStore } from './memory-store.ts';

/** The names of the memory tools. */
export const MEMORY_TOOL_NAMES = ['recall', 'remember', 'forget'] as const;

/**
 * Memory's trifecta legs: what is remembered about the person is private
 * data; it holds only their own words and what the model chose to keep (no
 * untrusted leg of its own); nothing leaves. On an agent that also reads
 * untrusted content and can send bytes out, this private-data leg is what
 * makes the map loud: an injected instruction could read the memories and
 * send them away, or plant a "fact" that later sessions trust.
 */
export const MEMORY_LEGS: TrifectaLegs = Object.freeze({
  privateData: true,
  untrusted: 'none',
  egress: 'none',
});

/** `recall(query)`, `remember(fact)` and `forget(id)` over one user's memories. */
export function memoryTools(store: MemoryStore, userId: string): AnyTool[] {
  const recall = defineTool({
    name: 'recall',
    description: `Looks up what you remember about the user from earlier conversations.
Usage:
- Use it when the answer may depend on the user's preferences, projects or past decisions not shown in <memory-context>.`,
    parameters: params()
      .requiredString('query', 'What to look up, e.g. "preferred test framework"')
      .optionalInteger('top_k', 'How many memories (1-20, default 5)'),
    trifectaLegs: MEMORY_LEGS,
    async execute({ query, top_k }, context) {
      const k = top_k ?? 5;
      if (k < 1 || k > 20) return `Error: top_k must be between 1 and 20, got ${k}`;
      const hits = await store.search(userId, query, k, { signal: context.signal });
      if (hits.length === 0) return 'Nothing remembered about that.';
      return hits.map((h) => `[${h.id}] ${h.text} (saved ${day(h.updatedAt)})`).join('\n');
    },
  });
  const remember = defineTool({
    name: 'remember',
    description: `Saves a fact about the user for later conversations.
Usage:
- Only when the user asks you to remember something, or states a lasting preference. One short sentence, third person.`,
    parameters: params().requiredString('fact', 'The fact, e.g. "Deploys with GitHub Actions."'),
    trifectaLegs: MEMORY_LEGS,
    sequential: true,
    async execute({ fact }) {
      if (fact.trim() === '' || fact.length > 1000) return 'Error: a fact must be 1-1000 characters';
      const saved = await store.add(userId, fact, 'tool:remember');
      return `Remembered as ${saved.id}.`;
    },
  });
  const forget = defineTool({
    name: 'forget',
    description: `Deletes a memory by its id (as recall or <memory-context> shows it, e.g. m12).
Usage:
- When the user asks you to forget something, or a memory turned out wrong.`,
    parameters: params().requiredString('id', 'The memory id, e.g. "m12"'),
    trifectaLegs: MEMORY_LEGS,
    sequential: true,
    async execute({ id }) {
      return (await store.remove(userId, id, 'tool:forget')) ? `Forgot ${id}.` : `Error: no memory ${id}`;
    },
  });
  return [recall, remember, forget];
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
