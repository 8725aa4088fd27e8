// One observation contract: an observer or a listener that returns a promise
// is not waited for (a slow one costs the Run only its synchronous part) and
// its rejection is a process warning, never an unhandled rejection or a
// failed Run.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RunEvent } from '../../src/index.ts';
import { scriptedAgent } from '../agent/helpers.ts';

function collectWarnings(name: string): { warnings: string[]; stop: () => void } {
  const warnings: string[] = [];
  const on = (w: Error): void => {
    if (w.name === name) warnings.push(w.message);
  };
  process.on('warning', on);
  return { warnings, stop: () => process.off('warning', on) };
}

test('a slow async observer is not waited for; a rejecting one becomes a KodamaObserverWarning', async () => {
  const { warnings, stop } = collectWarnings('KodamaObserverWarning');
  try {
    const { agent } = scriptedAgent([{ text: 'Hello.' }]);
    let release!: () => void;
    const never = new Promise<void>((r) => {
      release = r;
    });
    const slowSaw: string[] = [];
    const slow = async (e: RunEvent): Promise<void> => {
      slowSaw.push(e.type);
      await never; // would hang the Run if it were awaited
    };
    const failing = async (e: RunEvent): Promise<void> => {
      if (e.type === 'run-end') throw new Error('exporter down');
    };
    const run = await agent.ask('Hi', { observers: [slow as never, failing as never] });
    assert.equal(run.outcome, 'completed');
    assert.equal(run.response, 'Hello.');
    assert.equal(slowSaw.at(-1), 'run-end', 'the slow observer was still handed every event');
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(warnings, ['a Run observer threw on run-end: Error: exporter down']);
    release();
    await agent.close();
  } finally {
    stop();
  }
});

test('an async listener that rejects becomes a KodamaListenerWarning; the turn completes', async () => {
  const { warnings, stop } = collectWarnings('KodamaListenerWarning');
  try {
    const { agent } = scriptedAgent([{ text: 'Fine.' }], {
      configureMore: (c) =>
        c.addListener({
          name: 'AsyncSink',
          onEvent: (async (e: { type: string }) => {
            if (e.type === 'turn-end') throw new Error('sink full');
          }) as never,
        }),
    });
    assert.equal(await agent.turn('go'), 'Fine.');
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(warnings, ['the listener AsyncSink threw on turn-end: sink full']);
    await agent.close();
  } finally {
    stop();
  }
});
