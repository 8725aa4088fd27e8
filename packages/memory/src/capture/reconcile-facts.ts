import type { Model } from '@kodama/core';
import type { MemoryRecord } from '../memory/memory-store.ts';
import { askJson, MemoryCaptureError } from './ask-json.ts';

/** What to do with one new fact, decided by the model. */
export type MemoryOperation =
  | { readonly event: 'ADD'; readonly text: string }
  | { readonly event: 'UPDATE'; readonly id: string; readonly text: string }
  | { readonly event: 'DELETE'; readonly id: string }
  | { readonly event: 'NONE' };

const SYSTEM = `You keep a memory of facts about the user. New facts arrived; compare each with the existing memories and decide one operation per new fact:
- ADD: the fact is new. Give its text.
- UPDATE: it refines or corrects an existing memory. Give that memory's id and the merged text.
- DELETE: it shows an existing memory is no longer true and there is nothing new to keep. Give that memory's id.
- NONE: it is already known.
Use only the ids listed. Prefer UPDATE over ADD when the new fact is about the same thing as an existing memory.`;

const SCHEMA = {
  type: 'object',
  properties: {
    operations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          event: { type: 'string', enum: ['ADD', 'UPDATE', 'DELETE', 'NONE'] },
          id: { type: 'string' },
          text: { type: 'string' },
        },
        required: ['event'],
        additionalProperties: false,
      },
    },
  },
  required: ['operations'],
  additionalProperties: false,
};

/**
 * The operations that bring `existing` memories in line with `facts`, as the
 * model decides them, checked strictly: every event known, every id one of
 * `existing`, every ADD/UPDATE with a text.
 * @throws MemoryCaptureError for anything else (nothing is applied then).
 */
export async function reconcileFacts(
  model: Model,
  facts: readonly string[],
  existing: readonly MemoryRecord[],
  signal?: AbortSignal,
): Promise<MemoryOperation[]> {
  const prompt = [
    '<existing-memories>',
    ...existing.map((m) => `${m.id}: ${m.text}`),
    '</existing-memories>',
    '<new-facts>',
    ...facts.map((f) => `- ${f}`),
    '</new-facts>',
  ].join('\n');
  const answer = await askJson(
    model,
    { system: SYSTEM, prompt, schema: SCHEMA, name: 'memory_operations' },
    signal,
  );
  const list = answer.operations;
  if (!Array.isArray(list)) throw new MemoryCaptureError('memory_operations: "operations" must be a list');
  const ids = new Set(existing.map((m) => m.id));
  return list.map((raw, i) => checkOperation(raw, i, ids));
}

function checkOperation(raw: unknown, i: number, ids: ReadonlySet<string>): MemoryOperation {
  const bad = (why: string) => new MemoryCaptureError(`memory_operations: operations[${i}] ${why}`);
  if (raw === null || typeof raw !== 'object') throw bad('is not an object');
  const { event, id, text } = raw as { event?: unknown; id?: unknown; text?: unknown };
  const needText = () => {
    if (typeof text !== 'string' || text.trim() === '' || text.length > 1000)
      throw bad('needs a text of 1-1000 characters');
    return text.trim();
  };
  const needId = () => {
    if (typeof id !== 'string' || !ids.has(id))
      throw bad(`names an id that is not an existing memory: ${JSON.stringify(id)}`);
    return id;
  };
  switch (event) {
    case 'ADD':
      return { event, text: needText() };
    case 'UPDATE':
      return { event, id: needId(), text: needText() };
    case 'DELETE':
      return { event, id: needId() };
    case 'NONE':
      return { event };
    default:
      throw bad(`has an unknown event ${JSON.stringify(event)}`);
  }
}
