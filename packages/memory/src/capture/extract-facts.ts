import type { Model } from '@kodama/core';
import { askJson, MemoryCaptureError } from './ask-json.ts';

const SYSTEM = `You keep a memory of durable facts about the user across conversations.
From the user's message below, list the facts worth remembering about the user: who they are, their preferences, their projects, their tools and environment, decisions they made.
Rules:
- Only what the user states about themselves or their work; never facts about the world, never the assistant's words.
- One short, self-contained sentence per fact, in the third person ("Prefers tabs over spaces.").
- Questions, requests and passing remarks are not facts. When there is nothing worth remembering, answer an empty list.`;

const SCHEMA = {
  type: 'object',
  properties: { facts: { type: 'array', items: { type: 'string' }, maxItems: 10 } },
  required: ['facts'],
  additionalProperties: false,
};

/**
 * The facts worth remembering in a user's message, as the model sees them.
 * @throws MemoryCaptureError when the answer is not `{"facts": [string, ...]}`.
 */
export async function extractFacts(model: Model, message: string, signal?: AbortSignal): Promise<string[]> {
  const answer = await askJson(
    model,
    {
      system: SYSTEM,
      prompt: `<user-message>\n${message}\n</user-message>`,
      schema: SCHEMA,
      name: 'memory_facts',
    },
    signal,
  );
  const facts = answer.facts;
  if (!Array.isArray(facts) || !facts.every((f) => typeof f === 'string')) {
    throw new MemoryCaptureError('memory_facts: "facts" must be a list of strings');
  }
  return facts.map((f) => f.trim()).filter((f) => f !== '' && f.length <= 1000);
}
