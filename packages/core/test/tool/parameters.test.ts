import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { type ToolParameters, toParameters } from '../../src/entries/tool.ts';
import { defineTool, params } from '../../src/index.ts';

// One set of parameters authored three ways; all three must serve the same
// shape and report the same problems in the same words.
const viaZod = toParameters(
  z.object({
    city: z.string().describe('City'),
    units: z.enum(['c', 'f']).describe('Units'),
    days: z.number().int().describe('Days').optional(),
  }),
);
const viaBuilder = params()
  .requiredString('city', 'City')
  .requiredEnum('units', ['c', 'f'], 'Units')
  .optionalInteger('days', 'Days');
const viaJson = toParameters({
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City' },
    units: { type: 'string', enum: ['c', 'f'], description: 'Units' },
    days: { type: 'integer', description: 'Days' },
  },
  required: ['city', 'units'],
});

const styles: [string, ToolParameters<unknown>][] = [
  ['zod', viaZod],
  ['builder', viaBuilder],
  ['json schema', viaJson],
];

const cases: { input: unknown; problems: string[] }[] = [
  { input: {}, problems: ['$.city is required', '$.units is required'] },
  {
    input: { units: 'k', surprise: 1 },
    problems: ['$.city is required', '$.units must be one of c, f (got "k")', '$.surprise is not allowed'],
  },
  { input: { city: 5, units: 'c' }, problems: ['$.city must be a string (got 5)'] },
  { input: { city: 'Oslo', units: 'c', days: 1.5 }, problems: ['$.days must be an integer (got 1.5)'] },
  { input: { city: 'Oslo', units: 'c', days: '3' }, problems: ['$.days must be an integer (got "3")'] },
  { input: [], problems: ['$ must be an object (got an array)'] },
  { input: null, problems: ['$ must be an object (got null)'] },
];

describe('parameters, in every authoring style', () => {
  for (const [style, parameters] of styles) {
    it(`${style}: serves a strict object schema`, () => {
      const schema = parameters.jsonSchema;
      assert.equal(schema.type, 'object');
      assert.equal(schema.additionalProperties, false);
      assert.equal(schema.$schema, undefined);
      assert.deepEqual(Object.keys(schema.properties as object), ['city', 'units', 'days']);
      assert.deepEqual(schema.required, ['city', 'units']);
      assert.deepEqual((schema.properties as Record<string, unknown>).units, {
        type: 'string',
        enum: ['c', 'f'],
        description: 'Units',
      });
    });

    it(`${style}: reports every problem with its path`, () => {
      for (const { input, problems } of cases) {
        assert.deepEqual(parameters.validate(input), { ok: false, problems }, JSON.stringify(input));
      }
    });

    it(`${style}: returns only the keys sent, as a copy`, () => {
      const input = { city: 'Oslo', units: 'f' };
      const result = parameters.validate(input);
      assert.deepEqual(result, { ok: true, value: { city: 'Oslo', units: 'f' } });
      assert.ok(result.ok && result.value !== input);
    });
  }
});

describe('zod parameters', () => {
  const withExtras = toParameters(
    z.object({
      email: z.email(),
      name: z.string().min(2).default('anon'),
      tags: z.array(z.string()).optional(),
      nested: z.object({ a: z.object({ b: z.array(z.number()) }) }).optional(),
    }),
  );

  it('does not apply defaults: a default belongs to execute', () => {
    const result = withExtras.validate({ email: 'a@b.co' });
    assert.deepEqual(result, { ok: true, value: { email: 'a@b.co' } });
    assert.deepEqual((withExtras.jsonSchema.required as string[]).includes('name'), false);
  });

  it('treats nested objects as strict', () => {
    const result = withExtras.validate({ email: 'a@b.co', nested: { a: { b: [1], c: 2 }, d: 3 } });
    assert.deepEqual(result, {
      ok: false,
      problems: ['$.nested.a.c is not allowed', '$.nested.d is not allowed'],
    });
  });

  it('reports nested array paths', () => {
    const result = withExtras.validate({ email: 'a@b.co', nested: { a: { b: [1, 2, 'x'] } } });
    assert.deepEqual(result, { ok: false, problems: ['$.nested.a.b[2] must be a number (got "x")'] });
  });

  it('checks what JSON Schema cannot say through zod, in the same path format', () => {
    const refined = toParameters(z.object({ n: z.number().refine((n) => n % 2 === 0, 'must be even') }));
    assert.deepEqual(refined.validate({ n: 3 }), { ok: false, problems: ['$.n is invalid: must be even'] });
    assert.deepEqual(refined.validate({ n: 4 }), { ok: true, value: { n: 4 } });
  });

  it('reports constraint problems from the served schema', () => {
    const result = withExtras.validate({ email: 'not an email', name: 'x' });
    assert.equal(result.ok, false);
    assert.deepEqual(!result.ok && result.problems.map((p) => p.split(' must ')[0]), ['$.email', '$.name']);
  });

  it('refuses a schema that cannot be served as JSON Schema', () => {
    assert.throws(() => toParameters(z.object({ when: z.date() })), TypeError);
  });
});

describe('params() builder', () => {
  it('builds every kind, required and optional', () => {
    const built = params()
      .requiredString('s', 'S')
      .optionalString('s2', 'S2')
      .requiredInteger('i', 'I')
      .optionalNumber('n', 'N')
      .requiredBoolean('b', 'B')
      .optionalBoolean('b2', 'B2')
      .optionalEnum('e', ['x'], 'E')
      .requiredStringArray('a', 'A')
      .optionalStringArray('a2', 'A2')
      .optionalInteger('i2', 'I2')
      .requiredNumber('n2', 'N2')
      .build();
    assert.deepEqual(built.jsonSchema.required, ['s', 'i', 'b', 'a', 'n2']);
    assert.deepEqual((built.jsonSchema.properties as Record<string, unknown>).a, {
      type: 'array',
      items: { type: 'string' },
      description: 'A',
    });
    const ok = built.validate({ s: 'x', i: 2, b: true, a: ['q'], n2: 0.5, e: 'x' });
    assert.deepEqual(ok, { ok: true, value: { s: 'x', i: 2, b: true, a: ['q'], n2: 0.5, e: 'x' } });
    const bad = built.validate({ s: 'x', i: 2, b: 'yes', a: ['q', 3], n2: 1 });
    assert.deepEqual(bad, {
      ok: false,
      problems: ['$.b must be a boolean (got "yes")', '$.a[1] must be a string (got 3)'],
    });
  });

  it('is immutable: each step returns a new builder', () => {
    const base = params().requiredString('a', 'A');
    const extended = base.optionalString('b', 'B');
    assert.deepEqual(Object.keys(base.jsonSchema.properties as object), ['a']);
    assert.deepEqual(Object.keys(extended.jsonSchema.properties as object), ['a', 'b']);
    assert.ok(Object.isFrozen(base));
  });

  it('refuses a name declared twice and an empty enum', () => {
    assert.throws(() => params().requiredString('a', 'A').optionalInteger('a', 'again'), /declared twice/);
    assert.throws(() => params().requiredEnum('e', [] as unknown as ['x'], 'E'), TypeError);
  });

  it('an empty builder accepts only {}', () => {
    const tool = defineTool({ name: 'now', description: '', parameters: params(), execute: () => 'now' });
    assert.deepEqual(tool.parameters.validate({}), { ok: true, value: {} });
    assert.deepEqual(tool.parameters.validate({ x: 1 }), { ok: false, problems: ['$.x is not allowed'] });
  });
});
