import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { executeToolCall, toolSpec } from '../../src/entries/tool.ts';
import { type AnyTool, ASSUMED, defineTool, NONE, params, type Tool } from '../../src/index.ts';
import { testContext } from './context.ts';

const weatherZod = defineTool({
  name: 'weather',
  description: 'Forecast for a city.',
  parameters: z.object({ city: z.string(), days: z.number().int().default(3) }),
  execute: (args) => {
    // Typed by inference: `days` is optional because defaults are not applied.
    const city: string = args.city;
    const days: number = args.days ?? 3;
    return `${city}: ${days} days`;
  },
});

const weatherBuilder = defineTool({
  name: 'weather_b',
  description: 'Forecast for a city.',
  parameters: params().requiredString('city', 'City').requiredEnum('units', ['c', 'f'], 'Units'),
  execute: (args) => {
    const units: 'c' | 'f' = args.units;
    return `${args.city} in ${units}`;
  },
  trifectaLegs: NONE,
  sequential: true,
});

const weatherJson = defineTool({
  name: 'weather-json',
  description: 'Forecast for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: (args) => `json ${String(args.city)}`,
});

describe('defineTool', () => {
  it('defaults to ASSUMED legs and parallel execution', () => {
    assert.deepEqual(weatherZod.trifectaLegs, ASSUMED);
    assert.equal(weatherZod.sequential, false);
    assert.deepEqual(weatherBuilder.trifectaLegs, NONE);
    assert.equal(weatherBuilder.sequential, true);
    assert.ok(Object.isFrozen(weatherZod));
  });

  it('accepts names of 1-64 letters, digits, _ and -', () => {
    for (const name of ['a', 'web_scrape', 'fetch-2', 'X'.repeat(64)]) {
      assert.equal(
        defineTool({ name, description: '', parameters: params(), execute: () => 'ok' }).name,
        name,
      );
    }
  });

  it('refuses other names with a TypeError', () => {
    for (const name of ['', 'has space', 'dot.name', 'ünï', 'X'.repeat(65), 'slash/name']) {
      assert.throws(
        () => defineTool({ name, description: '', parameters: params(), execute: () => 'ok' }),
        (error: unknown) => error instanceof TypeError && error.message.includes('invalid tool name'),
        name,
      );
    }
  });

  it('refuses parameters that do not describe an object', () => {
    assert.throws(
      () => defineTool({ name: 'x', description: '', parameters: { type: 'string' }, execute: () => 'ok' }),
      TypeError,
    );
    assert.throws(
      () =>
        defineTool({
          name: 'x',
          description: '',
          parameters: z.string() as unknown as z.ZodObject,
          execute: () => 'ok',
        }),
      /z\.object/,
    );
  });

  it('serves name, description and the JSON Schema through toolSpec', () => {
    const spec = toolSpec(weatherJson);
    assert.equal(spec.name, 'weather-json');
    assert.equal(spec.description, 'Forecast for a city.');
    assert.deepEqual(spec.parameters, {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    });
  });

  it('keeps mixed tools in one array and runs each through executeToolCall', async () => {
    const tools: readonly AnyTool[] = [weatherZod, weatherBuilder, weatherJson];
    const defaultTyped: readonly Tool[] = [weatherZod, weatherBuilder, weatherJson];
    assert.equal(defaultTyped.length, 3);
    const calls = ['{"city":"Oslo"}', '{"city":"Oslo","units":"c"}', '{"city":"Oslo"}'];
    const results = await Promise.all(
      tools.map((tool, i) =>
        executeToolCall(tool, { id: `c${i}`, name: tool.name, arguments: calls[i] ?? '' }, testContext()),
      ),
    );
    assert.deepEqual(
      results.map((r) => r.result),
      ['Oslo: 3 days', 'Oslo in c', 'json Oslo'],
    );
  });

  it('types execute from the schema (a mismatch is a compile error)', () => {
    const tool = defineTool({
      name: 'typed',
      description: '',
      parameters: z.object({ n: z.number() }),
      // @ts-expect-error n is a number, not a string: tsc fails if this stops being an error
      execute: (args: { n: string }) => args.n,
    });
    assert.deepEqual(tool.parameters.validate({ n: 1 }), { ok: true, value: { n: 1 } });
  });
});
