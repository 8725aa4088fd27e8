// The testkit's script format, as far as a replay writes and reads it: the JSON
// array `kodama-testkit serve --script` and `startOpenAICompatibleServer`
// play (ScriptedAnswer in packages/testkit/src/script.ts). Declared here
// because product code never imports the testkit (a development dependency).
import { readFile } from 'node:fs/promises';
import type { AssistantMessage, Usage } from '@kodama/core';
import { UsageError } from '../parse-support.ts';

/** One tool call of a scripted answer: arguments as an object, or the raw text when it is not a JSON object. */
export interface ScriptToolCall {
  readonly id?: string;
  readonly name: string;
  readonly arguments: string | Record<string, unknown>;
}

/** Usage a scripted answer reports; fields not reported are left out. */
export type ScriptUsage = { readonly [K in keyof Usage]?: number };

/** One model answer of a testkit script. */
export interface ScriptAnswer {
  readonly reasoning?: string;
  readonly text?: string;
  readonly toolCalls?: readonly ScriptToolCall[];
  readonly usage?: ScriptUsage;
}

/** The script answer that replays `message` with `usage`. */
export function scriptAnswerOf(message: AssistantMessage, usage: Usage | undefined): ScriptAnswer {
  const counts = Object.fromEntries(Object.entries(usage ?? {}).filter(([, n]) => typeof n === 'number'));
  return {
    ...(message.reasoning ? { reasoning: message.reasoning } : {}),
    ...(message.text === '' ? {} : { text: message.text }),
    ...(message.toolCalls.length > 0
      ? {
          toolCalls: message.toolCalls.map((c) => ({
            id: c.id,
            name: c.name,
            arguments: argumentsOf(c.arguments),
          })),
        }
      : {}),
    ...(Object.keys(counts).length > 0 ? { usage: counts } : {}),
  };
}

/** A JSON object stays an object (the testkit encodes it again); anything else is sent verbatim. */
function argumentsOf(raw: string): string | Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw);
    // Only when encoding it again gives the same text, so the replayed call's arguments are the recorded ones.
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      !Array.isArray(parsed) &&
      JSON.stringify(parsed) === raw
    )
      return parsed as Record<string, unknown>;
  } catch {
    // Malformed JSON, recorded as the model sent it.
  }
  return raw;
}

/**
 * Reads a script file for `--script`: a JSON array of answers. Faults (`fault`)
 * and fields of the wrong type are refused, naming the reply.
 *
 * @throws UsageError when the file cannot be read or is not such a script.
 */
export async function readScript(path: string): Promise<ScriptAnswer[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `--script ${path}: ${error instanceof Error ? error.message : String(error)}`,
      'replay',
    );
  }
  const bad = (why: string): never => {
    throw new UsageError(`--script ${path}: ${why}`, 'replay');
  };
  if (!Array.isArray(parsed)) bad('a script file holds a JSON array of answers');
  return (parsed as unknown[]).map((reply, i) => {
    const where = `reply #${i + 1}`;
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply))
      return bad(`${where} is not an object`);
    const r = reply as Record<string, unknown>;
    if ('fault' in r) return bad(`${where} is a fault; a replay plays answers only`);
    for (const key of ['text', 'reasoning'] as const)
      if (r[key] !== undefined && typeof r[key] !== 'string') bad(`${where}: ${key} must be a string`);
    if (r.toolCalls !== undefined && !Array.isArray(r.toolCalls)) bad(`${where}: toolCalls must be a list`);
    for (const call of (r.toolCalls ?? []) as unknown[]) {
      const c = call as Record<string, unknown> | null;
      if (typeof c !== 'object' || c === null || typeof c.name !== 'string')
        bad(`${where}: every tool call needs a name`);
      const args = c!.arguments;
      if (typeof args !== 'string' && (typeof args !== 'object' || args === null || Array.isArray(args)))
        bad(`${where}: tool call arguments must be an object or a string`);
      if (c!.id !== undefined && typeof c!.id !== 'string') bad(`${where}: a tool call id must be a string`);
    }
    if (r.usage !== undefined && (typeof r.usage !== 'object' || r.usage === null))
      bad(`${where}: usage must be an object`);
    for (const n of Object.values((r.usage ?? {}) as Record<string, unknown>))
      if (!Number.isSafeInteger(n) || (n as number) < 0)
        bad(`${where}: usage counts must be non-negative integers`);
    return r as ScriptAnswer;
  });
}
