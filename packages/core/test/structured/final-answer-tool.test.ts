// Structured output through the final-answer tool, for models without a JSON
// mode: a ScriptedModel (which claims nothing) and Anthropic over HTTP.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startAnthropicServer } from '@kodama/testkit';
import { FINAL_ANSWER_TOOL } from '../../src/entries/run.ts';
import { params } from '../../src/index.ts';
import { echoTool, scriptedAgent } from '../agent/helpers.ts';
import { Forecast } from './helpers.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

const answer = (args: Record<string, unknown>) => ({
  toolCalls: [{ name: FINAL_ANSWER_TOOL, arguments: args }],
});

describe('structured output through the final-answer tool', () => {
  test('the tool is offered with the schema as parameters; its call ends the turn with the arguments as output', async () => {
    const { agent, model, events } = scriptedAgent(
      [
        { text: 'Checking.', toolCalls: [{ name: 'echo', arguments: { text: 'Oslo' } }] },
        answer({ city: 'Oslo', days: 3, units: 'c' }),
      ],
      { tools: [echoTool()] },
    );
    const run = await agent.ask('Forecast for Oslo?', { output: Forecast });
    assert.equal(run.outcome, 'completed', String(run.error));
    const forecast: { city: string; days: number; units: 'c' | 'f' } | undefined = run.output;
    assert.deepEqual(forecast, { city: 'Oslo', days: 3, units: 'c' });
    assert.equal(run.response, '{"city":"Oslo","days":3,"units":"c"}');
    model.assertDone(); // no model round after the answer call
    for (const request of model.calls) {
      assert.equal(request.responseFormat, undefined);
      assert.deepEqual(
        request.tools?.map((t) => t.name),
        ['echo', FINAL_ANSWER_TOOL],
      );
      const tool = request.tools!.find((t) => t.name === FINAL_ANSWER_TOOL)!;
      assert.deepEqual(tool.parameters.required, ['city', 'days', 'units']);
      assert.equal(tool.parameters.additionalProperties, false);
      assert.match(request.system ?? '', /calling the final_answer tool/);
    }
    // The conversation stays sendable: the answer call has its result.
    const last = run.history!.messages.at(-1)!.message;
    assert.equal(last.role, 'tool');
    assert.equal(last.role === 'tool' && last.content, 'Final answer received.');
    assert.ok(events.events.some((e) => e.type === 'tool-result' && e.name === FINAL_ANSWER_TOOL));
    // The agent's own tools are unchanged after the Run.
    assert.deepEqual(
      agent.tools.map((t) => t.name),
      ['echo'],
    );
  });

  test('a params() builder types the output; a JSON answer in text is accepted too', async () => {
    const schema = params()
      .requiredString('city', 'The city')
      .optionalInteger('days', 'How many days')
      .build();
    const { agent, model } = scriptedAgent([{ text: '```json\n{"city":"Oslo"}\n```' }]);
    const run = await agent.ask('Where?', { output: schema });
    assert.equal(run.outcome, 'completed', String(run.error));
    const out: { city: string; days?: number } | undefined = run.output;
    assert.deepEqual(out, { city: 'Oslo' });
    model.assertDone();
  });

  test('one repair turn in tool mode: problems by path, then the corrected call', async () => {
    const { agent, model } = scriptedAgent([
      answer({ city: 7, units: 'c' }),
      answer({ city: 'Oslo', days: 1, units: 'c' }),
    ]);
    const run = await agent.ask('Forecast?', { output: Forecast });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(run.output, { city: 'Oslo', days: 1, units: 'c' });
    const repair = model.calls[1]!.messages.at(-1)!;
    assert.equal(repair.role, 'user');
    assert.equal(
      repair.role === 'user' && repair.content,
      [
        'Your answer does not match the required schema:',
        '- $.city must be a string (got 7)',
        '- $.days is required',
        `Call ${FINAL_ANSWER_TOOL} again with arguments that fix every problem above.`,
      ].join('\n'),
    );
    assert.ok(model.calls[1]!.tools?.some((t) => t.name === FINAL_ANSWER_TOOL));
  });

  test('over HTTP with Anthropic (no JSON mode claimed): the tool goes on the wire and its input is the output', async () => {
    const server = await startAnthropicServer({
      script: [
        { toolCalls: [{ name: 'echo', arguments: { text: 'Oslo' } }] },
        answer({ city: 'Oslo', days: 2, units: 'f' }),
      ],
    });
    servers.push(server);
    const model = await resolveModel('anthropic:claude-sonnet-4-5', {
      env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url },
      retry: { maxRetries: 0 },
    });
    const { agent } = scriptedAgent([], { model, tools: [echoTool()] });
    const run = await agent.ask('Forecast?', { output: Forecast });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.deepEqual(run.output, { city: 'Oslo', days: 2, units: 'f' });
    assert.equal(server.modelCalls.length, 2);
    for (const call of server.modelCalls) {
      const body = call.body as {
        tools: { name: string; input_schema: { required: string[] } }[];
        system: unknown;
        output_config?: unknown;
        tool_choice?: unknown;
      };
      assert.deepEqual(
        body.tools.map((t) => t.name),
        ['echo', FINAL_ANSWER_TOOL],
      );
      assert.deepEqual(body.tools[1]!.input_schema.required, ['city', 'days', 'units']);
      assert.equal(body.output_config, undefined, 'no native structured output');
      assert.match(JSON.stringify(body.system), /final_answer tool/);
    }
  });
});
