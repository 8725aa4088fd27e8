// ModelRequest.responseFormat on the wire: kodama's lean adapter and the AI SDK
// paths send `response_format: json_schema` to OpenAI-compatible servers (strict
// only when strict mode accepts the schema); which adapters claim support.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { JsonSchema, ModelRequest } from '@kodama/core/model';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startAnthropicServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { fitsStrictMode } from '../src/structured/fits-strict-mode.ts';
import { collect, FAST_RETRY, textOf } from './support/collect.ts';

const servers: ScriptedServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function server(script = [{ text: '{"city":"Oslo"}' }]) {
  const s = await startOpenAICompatibleServer({ script });
  servers.push(s);
  return s;
}

const CLOSED: JsonSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  required: ['city', 'days'],
  additionalProperties: false,
};
const OPTIONAL_DAYS: JsonSchema = { ...CLOSED, required: ['city'] };

const asking = (schema: JsonSchema): ModelRequest => ({
  messages: [{ role: 'user', content: 'Where?' }],
  responseFormat: { type: 'json', schema, name: 'final_answer' },
});

describe('response format', () => {
  for (const implementation of ['kodama', 'ai-sdk'] as const) {
    test(`openai-compatible (${implementation}): claims support and sends json_schema, strict when it fits`, async () => {
      const s = await server([{ text: '{"city":"Oslo"}' }, { text: '{"city":"Oslo"}' }, { text: 'plain' }]);
      const model = await resolveModel(`openai-compatible:${s.url}/v1@scripted-model`, {
        retry: FAST_RETRY,
        openAICompatibleAdapter: implementation,
      });
      assert.equal(model.supportsJsonSchema, true);
      assert.equal(textOf(await collect(model, asking(CLOSED))), '{"city":"Oslo"}');
      await collect(model, asking(OPTIONAL_DAYS));
      await collect(model, { messages: [{ role: 'user', content: 'hi' }] });
      const [closed, optional, plain] = s.modelCalls.map((c) => c.body as Record<string, unknown>);
      assert.deepEqual(closed!.response_format, {
        type: 'json_schema',
        json_schema: { name: 'final_answer', schema: CLOSED, strict: true },
      });
      const loose = optional!.response_format as { json_schema: { strict: boolean; schema: unknown } };
      assert.equal(loose.json_schema.strict, false, 'an optional property is refused by strict mode');
      assert.deepEqual(loose.json_schema.schema, OPTIONAL_DAYS);
      assert.equal(plain!.response_format, undefined);
    });
  }

  test('openai (@ai-sdk/openai): claims support and sends json_schema with strict computed', async () => {
    const s = await server([{ text: '{"city":"Oslo"}' }, { text: '{"city":"Oslo"}' }]);
    const model = await resolveModel('openai:gpt-4o', {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${s.url}/v1` },
      retry: FAST_RETRY,
    });
    assert.equal(model.supportsJsonSchema, true);
    await collect(model, asking(CLOSED));
    await collect(model, asking(OPTIONAL_DAYS));
    const [closed, optional] = s.modelCalls.map(
      (c) =>
        (c.body as { response_format: { type: string; json_schema: Record<string, unknown> } })
          .response_format,
    );
    assert.equal(closed!.type, 'json_schema');
    assert.equal(closed!.json_schema.name, 'final_answer');
    assert.equal(closed!.json_schema.strict, true);
    assert.deepEqual(closed!.json_schema.schema, CLOSED);
    assert.equal(optional!.json_schema.strict, false);
  });

  test('anthropic and google do not claim support (a Run uses the final-answer tool)', async () => {
    const s = await startAnthropicServer({ script: [] });
    servers.push(s);
    const anthropic = await resolveModel('anthropic:claude-sonnet-4-5', {
      env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: s.url },
    });
    const google = await resolveModel('google:gemini-2.5-flash', { env: { GEMINI_API_KEY: 'k' } });
    assert.equal(anthropic.supportsJsonSchema, false);
    assert.equal(google.supportsJsonSchema, false);
  });
});

describe('fitsStrictMode', () => {
  test('closed objects with every property required, nested and in arrays, fit', () => {
    assert.equal(fitsStrictMode(CLOSED), true);
    const nested = {
      type: 'object',
      properties: {
        stops: { type: 'array', items: CLOSED, maxItems: 3 },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['stops', 'note'],
      additionalProperties: false,
    };
    assert.equal(fitsStrictMode(nested), true);
  });

  test('an optional property, an open object or a keyword strict mode lacks does not fit', () => {
    assert.equal(fitsStrictMode(OPTIONAL_DAYS), false);
    assert.equal(fitsStrictMode({ ...CLOSED, additionalProperties: true }), false);
    const free = { type: 'object', properties: { meta: { type: 'object' } }, required: ['meta'] };
    assert.equal(fitsStrictMode({ ...free, additionalProperties: false }), false);
    const nestedOptional = {
      type: 'object',
      properties: { stops: { type: 'array', items: OPTIONAL_DAYS } },
      required: ['stops'],
      additionalProperties: false,
    };
    assert.equal(fitsStrictMode(nestedOptional), false);
    const withMinLength = {
      ...CLOSED,
      properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer' } },
    };
    assert.equal(fitsStrictMode(withMinLength), false);
  });
});
