import { USAGE_KEYS } from '../history/serialize.ts';
import type { Usage } from '../model/usage.ts';
import { SESSION_ID_PATTERN } from './session-id.ts';
import type { RunRecord } from './session-store.ts';

/** Reports a field that is not what a run record needs; never returns. */
export type RunRecordFailure = (field: string, expected: string, value: unknown) => never;

const OUTCOMES: ReadonlySet<string> = new Set<RunRecord['outcome']>([
  'completed',
  'failed',
  'partial',
  'cancelled',
]);

type Fields = { readonly [key: string]: unknown };

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Builds a fresh {@link RunRecord} from an untrusted value (a caller's record, a
 * stored line or row), copying only the known fields so nothing else reaches
 * the store. Every problem goes to `fail` with the field's name.
 */
export function readRunRecord(raw: unknown, fail: RunRecordFailure): RunRecord {
  if (!isObject(raw)) fail('RunRecord', 'an object', raw);
  const text = (key: string): string => {
    const value = raw[key];
    if (typeof value !== 'string' || value === '') fail(`RunRecord.${key}`, 'a non-empty string', value);
    return value;
  };
  const time = (key: string): number => {
    const value = raw[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(`RunRecord.${key}`, 'a time in ms', value);
    return value;
  };
  const runId = text('runId');
  const sessionId = text('sessionId');
  if (!SESSION_ID_PATTERN.test(sessionId)) fail('RunRecord.sessionId', 'a valid session id', sessionId);
  const outcome = raw.outcome;
  if (typeof outcome !== 'string' || !OUTCOMES.has(outcome)) {
    fail('RunRecord.outcome', 'one of completed, failed, partial, cancelled', outcome);
  }
  const record = {
    runId,
    sessionId,
    outcome: outcome as RunRecord['outcome'],
    startedAt: time('startedAt'),
    endedAt: time('endedAt'),
    usage: readUsage(raw.usage, fail),
  };
  if (raw.error === undefined) return record;
  if (typeof raw.error !== 'string') fail('RunRecord.error', 'a string', raw.error);
  return { ...record, error: raw.error };
}

function readUsage(raw: unknown, fail: RunRecordFailure): Usage {
  if (!isObject(raw)) fail('RunRecord.usage', 'an object', raw);
  const usage: Record<string, number | undefined> = {};
  for (const key of USAGE_KEYS) {
    const count = raw[key];
    if (count !== undefined && (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)) {
      fail(`RunRecord.usage.${key}`, 'a non-negative integer', count);
    }
    usage[key] = count;
  }
  return usage as unknown as Usage;
}

/** The JSON form of a run record: known fields only, `undefined` ones left out. */
export function runRecordJson(record: RunRecord): object {
  const usage: Record<string, number> = {};
  for (const key of USAGE_KEYS) {
    const count = record.usage[key];
    if (count !== undefined) usage[key] = count;
  }
  const { runId, sessionId, outcome, startedAt, endedAt, error } = record;
  return error === undefined
    ? { runId, sessionId, outcome, startedAt, endedAt, usage }
    : { runId, sessionId, outcome, startedAt, endedAt, usage, error };
}
