// Responses the loop must not record as they are: duplicate tool-call ids, answers cut by the output limit.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DuplicateToolCallIdError, OutputTruncatedError } from '../../src/entries/loop.ts';
import { History } from '../../src/index.ts';
import { assertSendable, echoTool, messagesOf, scriptedAgent } from './helpers.ts';

const twins = {
  toolCalls: [
    { id: 'dup', name: 'echo', arguments: { text: 'a' } },
    { id: 'dup', name: 'echo', arguments: { text: 'b' } },
  ],
};

function countingEcho(): { tool: ReturnType<typeof echoTool>; runs: () => number } {
  let runs = 0;
  const base = echoTool();
  const execute: typeof base.execute = (args, context) => {
    runs++;
    return base.execute(args, context);
  };
  return { tool: { ...base, execute }, runs: () => runs };
}

describe('duplicate tool-call ids in one response', () => {
  test('are discarded before any tool runs and asked for again; a good response then proceeds', async () => {
    const echo = countingEcho();
    const { agent, events, model } = scriptedAgent(
      [twins, { toolCalls: [{ id: 'ok', name: 'echo', arguments: { text: 'c' } }] }, { text: 'done' }],
      { tools: [echo.tool] },
    );
    assert.equal(await agent.turn('go'), 'done');
    assert.equal(echo.runs(), 1, 'only the good response ran a tool');
    assert.equal(model.calls.length, 3);
    // The discarded response was billed: it has its model-start and tokens, before the retry.
    assert.equal(events.ofType('model-start').length, 3);
    assert.equal(events.ofType('tokens').length, 3);
    const types = events.types();
    assert.equal(types[types.indexOf('retry') - 1], 'tokens');
    const retry = events.ofType('retry')[0];
    assert.equal(retry?.attempt, 1);
    assert.match(retry?.cause ?? '', /"dup"/);
    assert.equal(
      messagesOf(agent).some((m) => m.role === 'assistant' && m.toolCalls.some((c) => c.id === 'dup')),
      false,
    );
    History.parse(agent.exportHistory().serialize());
  });

  test('past the retry policy: a typed error naming the id; nothing ran; the history still parses', async () => {
    const echo = countingEcho();
    const { agent, events } = scriptedAgent([twins, twins, twins], { tools: [echo.tool] });
    await assert.rejects(
      agent.turn('go'),
      (e: unknown) =>
        DuplicateToolCallIdError.isInstance(e) && e.toolCallId === 'dup' && /"dup"/.test(e.message),
    );
    assert.equal(echo.runs(), 0);
    assert.equal(events.ofType('retry').length, 2, 'the default policy retries twice');
    assert.deepEqual(messagesOf(agent), [{ role: 'user', content: 'go' }]);
    assertSendable(messagesOf(agent));
    const parsed = History.parse(agent.exportHistory().serialize());
    assert.equal(parsed.messages.length, 1);
    assert.equal(events.ofType('turn-end')[0]?.error?.name, 'DuplicateToolCallIdError');
  });

  test("the model's own retry policy bounds the re-requests", async () => {
    const { ScriptedModel } = await import('@kodama/testkit');
    const model = Object.assign(new ScriptedModel([twins, { text: 'never asked' }]), { maxRetries: 0 });
    const { agent } = scriptedAgent([], { model, tools: [echoTool()] });
    await assert.rejects(agent.turn('go'), (e: unknown) => DuplicateToolCallIdError.isInstance(e));
    assert.equal(model.calls.length, 1);
  });
});

describe('an answer cut by the output limit', () => {
  test('fails the turn with OutputTruncatedError by default; the cut text is kept in turn-end, not the conversation', async () => {
    const { agent, events } = scriptedAgent([{ text: 'The answer is forty', finishReason: 'length' }]);
    await assert.rejects(
      agent.turn('go'),
      (e: unknown) => OutputTruncatedError.isInstance(e) && e.partialText === 'The answer is forty',
    );
    assert.deepEqual(messagesOf(agent), [{ role: 'user', content: 'go' }]);
    assert.equal(events.ofType('assistant').length, 0, 'no complete-answer event for a cut answer');
    assert.equal(events.ofType('tokens')[0]?.stopReason, 'length');
    const end = events.ofType('turn-end')[0]!;
    assert.equal(end.outcome, 'failed');
    assert.equal(end.stopReason, 'length');
    assert.equal(end.partialText, 'The answer is forty');
    assert.equal(end.error?.name, 'OutputTruncatedError');
  });

  test('acceptTruncated takes it as the answer; turn-end still says length', async () => {
    const { agent, events } = scriptedAgent([{ text: 'The answer is forty', finishReason: 'length' }], {
      acceptTruncated: true,
    });
    assert.equal(await agent.turn('go'), 'The answer is forty');
    const end = events.ofType('turn-end')[0]!;
    assert.equal(end.outcome, 'completed');
    assert.equal(end.stopReason, 'length');
    assert.equal(end.partialText, undefined);
  });
});
