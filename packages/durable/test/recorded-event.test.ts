// Logs recorded before a Run ended with one `run-end` still read: each old
// terminal name (and `assembly-step-stop`) is read as today's event, with the
// outcome it stood for; every other event is left as it is.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isTerminalEvent } from '@kodama/core/run';
import { recordedEvent } from '../src/events/recorded-event.ts';

const usage = { inputTokens: 1, outputTokens: 2, totalTokens: 3 };

describe('recorded events with the old names', () => {
  for (const [old, outcome] of [
    ['run-stop', 'completed'],
    ['run-error', 'failed'],
    ['run-partial', 'partial'],
    ['run-cancel', 'cancelled'],
  ] as const) {
    test(`${old} reads as run-end (${outcome}), its fields kept`, () => {
      const event = recordedEvent({ type: old, runId: 'r', outcome, usage, at: 5, response: 'hi' });
      assert.deepEqual(event, { type: 'run-end', runId: 'r', outcome, usage, at: 5, response: 'hi' });
      assert.ok(isTerminalEvent(event));
    });
  }

  test('assembly-step-stop reads as assembly-step-end', () => {
    const stored = { type: 'assembly-step-stop', runId: 'r', stepId: 's1', status: 'completed', attempts: 1 };
    assert.deepEqual(recordedEvent(stored), { ...stored, type: 'assembly-step-end' });
  });

  test("today's events are returned as they are", () => {
    const event = { type: 'run-end', runId: 'r', outcome: 'completed', response: '', usage, at: 1 };
    assert.equal(recordedEvent(event), event);
  });
});
