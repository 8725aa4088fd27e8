import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { executeToolCall, truncationMarker } from '../../src/entries/tool.ts';
import { type AnyTool, defineTool, params, ToolError } from '../../src/index.ts';
import { testContext } from './context.ts';

const SCHEMA =
  '{"type":"object","properties":{"city":{"type":"string","description":"City"},"units":{"type":"string","enum":["c","f"],"description":"Units"}},"required":["city","units"],"additionalProperties":false}';

function weather(execute: (args: { city: string; units: 'c' | 'f' }) => unknown): AnyTool {
  return defineTool({
    name: 'weather',
    description: 'Forecast.',
    parameters: params().requiredString('city', 'City').requiredEnum('units', ['c', 'f'], 'Units'),
    execute: execute as (args: { city: string; units: 'c' | 'f' }) => string,
  });
}

const echo = weather((args) => `${args.city} ${args.units}`);

function call(args: string, extra: { input?: unknown; parseError?: string } = {}) {
  return { id: 'call_1', name: 'weather', arguments: args, ...extra };
}

describe('executeToolCall', () => {
  it('runs a valid call', async () => {
    assert.deepEqual(await executeToolCall(echo, call('{"city":"Oslo","units":"c"}'), testContext()), {
      kind: 'ok',
      result: 'Oslo c',
    });
  });

  it('reports invalid arguments, every problem at once, with the schema', async () => {
    const outcome = await executeToolCall(echo, call('{"units":"k","surprise":1}'), testContext());
    assert.deepEqual(outcome, {
      kind: 'error',
      result: `Error: invalid arguments for weather: $.city is required; $.units must be one of c, f (got "k"); $.surprise is not allowed\nExpected parameters: ${SCHEMA}`,
    });
  });

  it('reports arguments that are not JSON, and a given parseError, the same way', async () => {
    const bad = await executeToolCall(echo, call('{"city": "Os'), testContext());
    assert.equal(bad.kind, 'error');
    assert.match(
      bad.result,
      /^Error: arguments for weather are not valid JSON: .+\. Send a JSON object matching: /,
    );
    assert.ok(bad.result.endsWith(SCHEMA));
    const given = await executeToolCall(
      echo,
      call('{"city":"Oslo","units":"c"}', { parseError: 'truncated stream' }),
      testContext(),
    );
    assert.deepEqual(given, {
      kind: 'error',
      result: `Error: arguments for weather are not valid JSON: truncated stream. Send a JSON object matching: ${SCHEMA}`,
    });
  });

  it('treats empty arguments as {}', async () => {
    const now = defineTool({
      name: 'now',
      description: '',
      parameters: params(),
      execute: (args) => JSON.stringify(args),
    });
    assert.deepEqual(await executeToolCall(now, { id: 'c', name: 'now', arguments: '' }, testContext()), {
      kind: 'ok',
      result: '{}',
    });
    assert.deepEqual(await executeToolCall(now, { id: 'c', name: 'now', arguments: '  \n' }, testContext()), {
      kind: 'ok',
      result: '{}',
    });
    const missing = await executeToolCall(echo, call(''), testContext());
    assert.equal(missing.kind, 'error');
    assert.match(missing.result, /\$\.city is required; \$\.units is required/);
  });

  it('uses already-parsed input when given, ignoring the text', async () => {
    const outcome = await executeToolCall(
      echo,
      call('not json', { input: { city: 'Rome', units: 'f' } }),
      testContext(),
    );
    assert.deepEqual(outcome, { kind: 'ok', result: 'Rome f' });
  });

  it('a thrown ToolError is a recoverable error', async () => {
    const tool = weather(() => {
      throw new ToolError('no forecast for Atlantis');
    });
    assert.deepEqual(await executeToolCall(tool, call('{"city":"Atlantis","units":"c"}'), testContext()), {
      kind: 'error',
      result: 'Error: no forecast for Atlantis',
    });
  });

  it('a returned "Error: " string is a recoverable error', async () => {
    const tool = weather(async () => 'Error: service says no');
    assert.deepEqual(await executeToolCall(tool, call('{"city":"X","units":"c"}'), testContext()), {
      kind: 'error',
      result: 'Error: service says no',
    });
  });

  it('any other exception is a failure carrying the error', async () => {
    const boom = new RangeError('index 9 out of range');
    const tool = weather(() => {
      throw boom;
    });
    const outcome = await executeToolCall(tool, call('{"city":"X","units":"c"}'), testContext());
    assert.deepEqual(outcome, {
      kind: 'failure',
      result: 'Error: RangeError: index 9 out of range',
      error: boom,
    });
    const rejected = weather(() => Promise.reject('plain string'));
    const second = await executeToolCall(rejected, call('{"city":"X","units":"c"}'), testContext());
    assert.deepEqual(second, { kind: 'failure', result: 'Error: plain string', error: 'plain string' });
  });

  it('an abort during execute comes back as a failure with the AbortError', async () => {
    const controller = new AbortController();
    const tool = weather(
      () =>
        new Promise((_, reject) => {
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason));
        }),
    );
    const pending = executeToolCall(tool, call('{"city":"X","units":"c"}'), testContext(controller.signal));
    controller.abort();
    const outcome = await pending;
    assert.equal(outcome.kind, 'failure');
    assert.ok(outcome.kind === 'failure' && (outcome.error as Error).name === 'AbortError');
    assert.match(outcome.result, /^Error: AbortError: /);
  });

  it('a result that is neither text nor content parts is a failure', async () => {
    const tool = weather(() => 42);
    const outcome = await executeToolCall(tool, call('{"city":"X","units":"c"}'), testContext());
    assert.equal(outcome.kind, 'failure');
    assert.equal(outcome.result, 'Error: TypeError: tool weather returned number, not text or content parts');
    const parts = weather(() => [{ type: 'text', text: 'ok' }, { type: 'video' }]);
    const second = await executeToolCall(parts, call('{"city":"X","units":"c"}'), testContext());
    assert.equal(second.kind, 'failure');
    assert.match(second.result, /returned an array that is not content parts/);
  });

  it('returns rich content, truncating its text', async () => {
    const image = { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' } as const;
    const tool = weather(() => [{ type: 'text', text: 'y'.repeat(300) }, image]);
    const outcome = await executeToolCall(tool, call('{"city":"X","units":"c"}'), testContext(), {
      maxResultTokens: 25,
    });
    assert.deepEqual(outcome, {
      kind: 'ok',
      result: [{ type: 'text', text: `${'y'.repeat(50)}${truncationMarker(200)}${'y'.repeat(50)}` }, image],
    });
  });

  it('passes the context through to execute', async () => {
    const tool = defineTool({
      name: 'progress',
      description: '',
      parameters: z.object({}),
      execute: (_args, context) => {
        context.emit('progress', { done: 1 });
        return context.idempotencyKey;
      },
    });
    const context = testContext();
    assert.deepEqual(await executeToolCall(tool, { id: 'c', name: 'progress', arguments: '{}' }, context), {
      kind: 'ok',
      result: 'turn_1:call_1',
    });
    assert.deepEqual(context.events, [{ name: 'progress', data: { done: 1 } }]);
  });

  it('truncates results, errors included, to the budget', async () => {
    const long = 'x'.repeat(1000);
    const ok = await executeToolCall(
      weather(() => long),
      call('{"city":"X","units":"c"}'),
      testContext(),
      {
        maxResultTokens: 50,
      },
    );
    assert.equal(ok.kind, 'ok');
    assert.match(
      ok.result as string,
      /^x{100}\n\n\[… 800 bytes \(~200 tokens\) removed from the middle of this result …\]\n\nx{100}$/,
    );
    const err = await executeToolCall(
      weather(() => `Error: ${long}`),
      call('{"city":"X","units":"c"}'),
      testContext(),
      {
        maxResultTokens: 50,
      },
    );
    assert.equal(err.kind, 'error');
    assert.ok(err.result.startsWith('Error: x') && err.result.includes('removed from the middle'));
  });

  it('never rejects, even for a bad option', async () => {
    const outcome = await executeToolCall(echo, call('{"city":"X","units":"c"}'), testContext(), {
      maxResultTokens: 0,
    });
    assert.equal(outcome.kind, 'failure');
    assert.match(outcome.result, /^Error: RangeError: maxTokens must be a positive number/);
  });
});
