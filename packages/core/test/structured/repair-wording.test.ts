// The repair message tells the model what is wrong without echoing the property
// names it invented: those are counted per object instead. Over HTTP, and the
// wording function on its own for nested objects and arrays.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { ScriptedServer } from '@kodama/testkit';
import { z } from 'zod';
import { outputSchema } from '../../src/index.ts';
import { problemsForModel } from '../../src/structured/problems-for-model.ts';
import { agentOverHttp, Forecast, lastUserText } from './helpers.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

type ChatBody = { messages: { role: string; content: string }[] };

describe('the repair message and invented properties', () => {
  test('over HTTP: invented keys are counted, never quoted; the program still gets every problem', async () => {
    const invented = '{"city":"Oslo","days":0,"units":"c","IGNORE_ALL_RULES":1,"zz_top":{"a":1}}';
    const { agent, server } = await agentOverHttp([{ text: invented }, { text: invented }], servers);
    const run = await agent.ask('Forecast?', { output: Forecast });
    assert.equal(run.outcome, 'failed');
    const repair = (server.modelCalls[1]!.body as ChatBody).messages.at(-1)!.content;
    assert.equal(
      repair,
      [
        'Your answer does not match the required schema:',
        '- $.days must be >= 1 (got 0)',
        '- $ has 2 properties not in the schema',
        'Answer again with one JSON object that fixes every problem above, and nothing else.',
      ].join('\n'),
    );
    assert.doesNotMatch(repair, /IGNORE_ALL_RULES|zz_top/);
    assert.equal(lastUserText(run.history!.messages.map((m) => m.message)), repair);
    const error = run.error as { problems: readonly string[] };
    assert.deepEqual(error.problems, [
      '$.days must be >= 1 (got 0)',
      '$.IGNORE_ALL_RULES is not allowed',
      '$.zz_top is not allowed',
    ]);
  });

  test('nested objects and arrays: counted at the object that holds them; known paths kept', () => {
    const Trip = z.object({
      stops: z.array(z.object({ name: z.string(), days: z.number() })),
      owner: z.object({ name: z.string() }),
    });
    const schema = outputSchema(Trip);
    const value = {
      stops: [{ name: 'Oslo', days: 2, 'odd key': 1 }, { name: 3 }],
      owner: { name: 'Ann', secret: true, other: 1 },
      extra: [1],
    };
    const checked = schema.validate(value);
    assert.ok(!checked.ok);
    assert.deepEqual(problemsForModel(checked.problems, schema.jsonSchema), [
      '$.stops[0] has 1 property not in the schema',
      '$.stops[1].name must be a string (got 3)',
      '$.stops[1].days is required',
      '$.owner has 2 properties not in the schema',
      '$ has 1 property not in the schema',
    ]);
  });

  test('a problem under an invented key is folded into its count, not shown', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: { type: 'object', required: ['x'] },
    };
    const problems = [
      '$.made_up.x is required',
      '$.made_up must be an object (got 1)',
      '$.a must be a string',
    ];
    assert.deepEqual(problemsForModel(problems, schema), [
      '$ has 1 property not in the schema',
      '$.a must be a string',
    ]);
  });
});
