// A structured answer still invalid after its repair turn fails the Run with
// OutputValidationError; a bad output option fails before a Run exists.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { ScriptedServer } from '@kodama/testkit';
import { z } from 'zod';
import { FINAL_ANSWER_TOOL } from '../../src/entries/run.ts';
import { InvalidOptionError, OutputValidationError, outputSchema, type RunEvent } from '../../src/index.ts';
import { scriptedAgent } from '../agent/helpers.ts';
import { agentOverHttp, Forecast } from './helpers.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

describe('structured output failures', () => {
  test('still invalid after the repair turn: failed, with every problem of the last answer', async () => {
    const { agent, server } = await agentOverHttp(
      [{ text: 'It will be sunny.' }, { text: '{"city":"Oslo","days":0}' }],
      servers,
    );
    const events: RunEvent[] = [];
    const stream = agent.stream('Forecast?', { output: Forecast });
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'failed');
    assert.equal(server.modelCalls.length, 2, 'exactly one repair turn');
    const repair = (server.modelCalls[1]!.body as { messages: { content: string }[] }).messages.at(-1)!;
    assert.match(repair.content, /^- \$ is not valid JSON: /m);
    const error = run.error;
    assert.ok(OutputValidationError.isInstance(error), String(error));
    assert.deepEqual(error.problems, ['$.days must be >= 1 (got 0)', '$.units is required']);
    assert.equal(
      error.message,
      'the answer does not match the output schema: $.days must be >= 1 (got 0); $.units is required',
    );
    assert.equal(error.response, '{"city":"Oslo","days":0}');
    assert.equal(error.code, 'output-validation-error');
    assert.equal(run.output, undefined);
    assert.equal(run.response, '');
    const last = events.at(-1);
    assert.ok(last?.type === 'run-end' && last.outcome === 'failed');
    assert.equal(last.error.name, 'OutputValidationError');
    assert.doesNotMatch(last.message, /\$\.days/, 'the end-user message names no schema details');
  });

  test('tool mode: an answer tool call with arguments that are not JSON, twice, fails the Run', async () => {
    const broken = { toolCalls: [{ name: FINAL_ANSWER_TOOL, arguments: '{"city": "Oslo",,' }] };
    const { agent, model } = scriptedAgent([broken, broken]);
    const run = await agent.ask('Forecast?', { output: Forecast });
    assert.equal(run.outcome, 'failed');
    assert.ok(OutputValidationError.isInstance(run.error));
    assert.equal(run.error.problems.length, 1);
    assert.match(run.error.problems[0]!, /^\$ is not valid JSON: /);
    model.assertDone();
  });

  test('an output that is not an object schema is an InvalidOptionError before a Run exists', async () => {
    const { agent, model } = scriptedAgent([]);
    for (const output of [
      z.string(),
      { type: 'array', items: { type: 'string' } },
      'a schema',
      z.object({ d: z.date() }),
    ]) {
      assert.throws(
        // biome-ignore lint/suspicious/noExplicitAny: a caller without types passes anything
        () => agent.createRun('x', { output: output as any }),
        (e: unknown) => InvalidOptionError.isInstance(e) && e.option === 'AskOptions.output',
      );
      // biome-ignore lint/suspicious/noExplicitAny: as above
      await assert.rejects(agent.ask('x', { output: output as any }), InvalidOptionError);
    }
    assert.equal(model.calls.length, 0);
    assert.throws(
      () => agent.createRun('x', { output: { type: 'array' } }),
      /AskOptions\.output must be an object schema .*; it must describe an object \(type: 'object'\), got type "array"/,
    );
  });

  test('outputSchema compiles once per schema and reuses the tool validator wording', () => {
    const schema = outputSchema(Forecast);
    assert.equal(outputSchema(Forecast), schema);
    assert.deepEqual(schema.validate({ city: 'Oslo', days: 2 }), {
      ok: false,
      problems: ['$.units is required'],
    });
    const json = outputSchema({ type: 'object', properties: { a: { type: 'number' } } });
    assert.deepEqual(json.validate({ a: 1 }), { ok: true, value: { a: 1 } });
    assert.deepEqual(json.validate({ b: 1 }), { ok: false, problems: ['$.b is not allowed'] });
  });
});
