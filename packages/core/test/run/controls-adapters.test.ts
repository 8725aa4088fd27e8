// pikuri's controls over the Run plane: a Cancellable is a source of the
// Run's signal, an Interloper feeds the Run's interjection inbox.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Cancellable, Interloper, InvalidOptionError } from '../../src/index.ts';
import { gateTool, scriptedAgent } from '../agent/helpers.ts';

describe('controls as adapters of the Run', () => {
  test("a Cancellable's signal cancels the Run mid-tool", async () => {
    const gate = gateTool();
    const { agent } = scriptedAgent([{ toolCalls: [{ name: 'gate', arguments: {} }] }, { text: 'never' }], {
      tools: [gate.tool],
    });
    const cancellable = new Cancellable();
    const asked = agent.ask('Go.', { signal: cancellable.signal });
    await gate.started;
    cancellable.cancel();
    const run = await asked;
    assert.equal(run.outcome, 'cancelled');
  });

  test("an Interloper's messages are delivered at the next boundary, after the Run's own interjections", async () => {
    const gate = gateTool();
    const { agent, model } = scriptedAgent(
      [{ toolCalls: [{ name: 'gate', arguments: {} }] }, { text: 'Both noted.' }],
      { tools: [gate.tool] },
    );
    const interloper = new Interloper();
    const stream = agent.stream('Go.', { interloper });
    const read = (async () => {
      for await (const _ of stream);
    })();
    await gate.started;
    interloper.inject('From the type-ahead queue.');
    const answered = stream.interject('From run.interject.');
    gate.release('gate open');
    assert.equal(
      (await answered).text,
      'Both noted.',
      'the Run interjection is answered; the other is not waited for',
    );
    await read;
    const run = await stream.run;
    assert.equal(run.outcome, 'completed');
    assert.equal(run.response, 'Both noted.');
    const second = model.calls[1]!.messages.slice(-2).map((m) => (m.role === 'user' ? m.content : m.role));
    assert.deepEqual(second, ['From run.interject.', 'From the type-ahead queue.']);
    assert.equal(interloper.pending, 0);
  });

  test('a message left in the Interloper when the Run ends stays there', async () => {
    const { agent } = scriptedAgent([{ text: 'Done.' }]);
    const interloper = new Interloper();
    const run = await agent.ask('Go.', { interloper });
    assert.equal(run.outcome, 'completed');
    interloper.inject('later');
    assert.equal(interloper.pending, 1);
  });

  test('an interloper option that is not an Interloper is refused before a Run exists', () => {
    const { agent } = scriptedAgent([{ text: 'x' }]);
    assert.throws(
      () => agent.createRun('Go.', { interloper: { inject() {} } as never }),
      (e) => e instanceof InvalidOptionError && /interloper/.test(e.message),
    );
  });
});
