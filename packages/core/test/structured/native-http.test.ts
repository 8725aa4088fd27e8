// Structured output in the provider's JSON mode, end to end over HTTP: the
// lean OpenAI-compatible adapter claims it, so every request of the Run
// carries response_format and the answer text is parsed and validated.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { ScriptedServer } from '@kodama/testkit';
import { z } from 'zod';
import { FINAL_ANSWER_TOOL } from '../../src/entries/run.ts';
import type { RunEvent } from '../../src/index.ts';
import { echoTool } from '../agent/helpers.ts';
import { agentOverHttp, Forecast, lastUserText } from './helpers.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

type ChatBody = {
  messages: { role: string; content: unknown }[];
  tools?: { function: { name: string } }[];
  response_format?: { type: string; json_schema: { name: string; schema: unknown; strict: boolean } };
};

describe('structured output, native JSON mode over HTTP', () => {
  test('every request carries response_format; run.output is the parsed answer, typed from zod', async () => {
    const { agent, server } = await agentOverHttp(
      [
        { toolCalls: [{ name: 'echo', arguments: { text: 'Oslo' } }] },
        { text: '{"city":"Oslo","days":3,"units":"c"}' },
      ],
      servers,
      [echoTool()],
    );
    const run = await agent.ask('Forecast for Oslo?', { output: Forecast });
    assert.equal(run.outcome, 'completed', String(run.error));
    // Typed from the schema: this line does not compile if output is unknown.
    const forecast: { city: string; days: number; units: 'c' | 'f' } | undefined = run.output;
    assert.deepEqual(forecast, { city: 'Oslo', days: 3, units: 'c' });
    assert.equal(run.response, '{"city":"Oslo","days":3,"units":"c"}');
    assert.equal(server.modelCalls.length, 2);
    for (const call of server.modelCalls) {
      const body = call.body as ChatBody;
      assert.equal(body.response_format?.type, 'json_schema');
      assert.equal(body.response_format?.json_schema.name, FINAL_ANSWER_TOOL);
      assert.equal(body.response_format?.json_schema.strict, true, 'every property is required');
      assert.deepEqual(body.response_format?.json_schema.schema, {
        type: 'object',
        properties: {
          city: { type: 'string' },
          days: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
          units: { type: 'string', enum: ['c', 'f'] },
        },
        required: ['city', 'days', 'units'],
        additionalProperties: false,
      });
      // No final-answer tool in JSON mode; the agent's own tool is still offered.
      assert.deepEqual(
        body.tools?.map((t) => t.function.name),
        ['echo'],
      );
      const system = body.messages[0]!;
      assert.equal(system.role, 'system');
      assert.match(String(system.content), /^You are terse\.\n\nGive your final answer as one JSON object/);
    }
  });

  test('a Run without output sends no response_format and has no output', async () => {
    const { agent, server } = await agentOverHttp([{ text: 'Sunny.' }], servers);
    const run = await agent.ask('Weather?');
    assert.equal(run.output, undefined);
    assert.equal((server.modelCalls[0]!.body as ChatBody).response_format, undefined);
    assert.equal(String((server.modelCalls[0]!.body as ChatBody).messages[0]!.content), 'You are terse.');
  });

  test('zod defaults and transforms are applied to run.output; an optional field makes the schema non-strict', async () => {
    const Trip = z.object({
      city: z.string().transform((c) => c.toUpperCase()),
      days: z.number().default(1),
      note: z.string().optional(),
    });
    const { agent, server } = await agentOverHttp([{ text: '{"city":"oslo"}' }], servers);
    const run = await agent.ask('Trip?', { output: Trip });
    assert.equal(run.outcome, 'completed', String(run.error));
    const trip: { city: string; days: number; note?: string | undefined } | undefined = run.output;
    assert.deepEqual(trip, { city: 'OSLO', days: 1 });
    assert.equal((server.modelCalls[0]!.body as ChatBody).response_format?.json_schema.strict, false);
  });

  test('one repair turn: the user message lists every problem by path; the corrected answer completes', async () => {
    const { agent, server } = await agentOverHttp(
      [
        { text: '{"city":"Oslo","days":1.5,"units":"k","wind":true}' },
        { text: '{"city":"Oslo","days":2,"units":"f"}' },
      ],
      servers,
    );
    const events: RunEvent[] = [];
    const stream = agent.stream('Forecast?', { output: Forecast });
    for await (const e of stream) events.push(e);
    const run = await stream.run;
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(run.output, { city: 'Oslo', days: 2, units: 'f' });
    assert.equal(server.modelCalls.length, 2);
    const repair = (server.modelCalls[1]!.body as ChatBody).messages.at(-1)!;
    assert.equal(repair.role, 'user');
    assert.equal(
      repair.content,
      [
        'Your answer does not match the required schema:',
        '- $.days must be an integer (got 1.5)',
        '- $.units must be one of c, f (got "k")',
        '- $ has 1 property not in the schema',
        'Answer again with one JSON object that fixes every problem above, and nothing else.',
      ].join('\n'),
    );
    assert.ok((server.modelCalls[1]!.body as ChatBody).response_format, 'the repair turn asks for JSON too');
    const stop = events.at(-1);
    assert.ok(stop?.type === 'run-end' && stop.outcome === 'completed');
    assert.deepEqual(stop.output, { city: 'Oslo', days: 2, units: 'f' });
    assert.equal(lastUserText(run.history!.messages.map((m) => m.message)), repair.content);
  });
});
