import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  jsonSchemaParameters,
  normalizeParametersSchema,
  validateJsonSchema,
} from '../../src/entries/tool.ts';

// The plain-schema path, over the subset MCP servers' schemas use.
describe('validateJsonSchema', () => {
  it('accepts a list of types and names them all when none fits', () => {
    const schema = { type: 'object', properties: { v: { type: ['string', 'null'] } } };
    assert.deepEqual(validateJsonSchema(schema, { v: null }), []);
    assert.deepEqual(validateJsonSchema(schema, { v: 'x' }), []);
    assert.deepEqual(validateJsonSchema(schema, { v: true }), ['$.v must be a string or null (got true)']);
  });

  it('checks const, enum of mixed values, and bounds', () => {
    const schema = {
      type: 'object',
      properties: {
        kind: { const: 'point' },
        level: { enum: [1, 2, 'max'] },
        n: { type: 'number', minimum: 0, maximum: 10 },
        x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        s: { type: 'string', minLength: 2, maxLength: 3 },
        list: { type: 'array', minItems: 1, maxItems: 2 },
      },
    };
    assert.deepEqual(
      validateJsonSchema(schema, { kind: 'point', level: 'max', n: 10, x: 0.5, s: 'ab', list: [1] }),
      [],
    );
    assert.deepEqual(
      validateJsonSchema(schema, { kind: 'line', level: 3, n: -1, x: 1, s: 'abcd', list: [] }),
      [
        '$.kind must be "point" (got "line")',
        '$.level must be one of 1, 2, max (got 3)',
        '$.n must be >= 0 (got -1)',
        '$.x must be < 1 (got 1)',
        '$.s must be at most 3 characters long (got 4)',
        '$.list must have at least 1 items (got 0)',
      ],
    );
  });

  it('counts string length in characters, not UTF-16 units', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', maxLength: 2 } } };
    assert.deepEqual(validateJsonSchema(schema, { s: '😀😀' }), []);
  });

  it('reports nested paths through objects and arrays', () => {
    const schema = normalizeParametersSchema({
      type: 'object',
      properties: {
        a: {
          type: 'object',
          properties: {
            b: { type: 'array', items: { type: 'object', properties: { c: { type: 'integer' } } } },
          },
          required: ['b'],
        },
        'odd key': { type: 'string' },
      },
    });
    assert.deepEqual(
      validateJsonSchema(schema, { a: { b: [{ c: 1 }, {}, { c: 'x', d: 1 }] }, 'odd key': 1 }),
      [
        '$.a.b[2].c must be an integer (got "x")',
        '$.a.b[2].d is not allowed',
        '$["odd key"] must be a string (got 1)',
      ],
    );
    assert.deepEqual(validateJsonSchema(schema, { a: {} }), ['$.a.b is required']);
  });

  it('checks additionalProperties given as a schema, and leaves free-form objects open', () => {
    const schema = normalizeParametersSchema({
      type: 'object',
      properties: {
        env: { type: 'object', additionalProperties: { type: 'string' } },
        meta: { type: 'object' },
      },
    });
    assert.deepEqual(validateJsonSchema(schema, { env: { A: 'x', B: 2 }, meta: { anything: [1] } }), [
      '$.env.B must be a string (got 2)',
    ]);
  });

  it('anyOf: passes when one option fits, otherwise explains the closest option', () => {
    const schema = {
      type: 'object',
      properties: {
        shape: {
          anyOf: [
            {
              type: 'object',
              properties: { r: { type: 'number' } },
              required: ['r'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { w: { type: 'number' }, h: { type: 'number' } },
              required: ['w', 'h'],
            },
          ],
        },
      },
    };
    assert.deepEqual(validateJsonSchema(schema, { shape: { r: 1 } }), []);
    assert.deepEqual(validateJsonSchema(schema, { shape: { w: 1 } }), ['$.shape.h is required']);
    assert.deepEqual(validateJsonSchema(schema, { shape: 'round' }), [
      '$.shape must be an object (got "round")',
    ]);
  });

  it('oneOf: refuses a value that fits more than one option', () => {
    const schema = {
      type: 'object',
      properties: { v: { oneOf: [{ type: 'number' }, { type: 'integer' }] } },
    };
    assert.deepEqual(validateJsonSchema(schema, { v: 1.5 }), []);
    assert.deepEqual(validateJsonSchema(schema, { v: 2 }), [
      '$.v matches more than one of the allowed shapes',
    ]);
  });

  it('follows local $ref into $defs', () => {
    const schema = {
      type: 'object',
      properties: { p: { $ref: '#/$defs/point' } },
      $defs: { point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
    };
    assert.deepEqual(validateJsonSchema(schema, { p: {} }), ['$.p.x is required']);
    assert.throws(
      () => validateJsonSchema({ properties: { p: { $ref: '#/$defs/none' } } }, { p: 1 }),
      /unresolvable/,
    );
  });

  it('checks pattern, and names a format instead of its regex', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^[a-z]+$' },
        mail: { type: 'string', format: 'email', pattern: '@' },
      },
    };
    assert.deepEqual(validateJsonSchema(schema, { id: 'A1', mail: 'nope' }), [
      '$.id must match the pattern ^[a-z]+$ (got "A1")',
      '$.mail must be a valid email (got "nope")',
    ]);
  });

  it('does not find properties on the prototype chain', () => {
    const schema = normalizeParametersSchema({ type: 'object', properties: { a: { type: 'string' } } });
    const input = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1}');
    assert.deepEqual(validateJsonSchema(schema, input), [
      '$.__proto__ is not allowed',
      '$.constructor is not allowed',
    ]);
  });
});

describe('jsonSchemaParameters', () => {
  it('serves a normalized copy and leaves the caller schema alone', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { q: { type: 'string' } },
    };
    const parameters = jsonSchemaParameters(schema);
    assert.deepEqual(parameters.jsonSchema, {
      type: 'object',
      properties: { q: { type: 'string' } },
      additionalProperties: false,
    });
    assert.deepEqual(Object.keys(schema), ['$schema', 'properties']);
    assert.ok(Object.isFrozen(parameters.jsonSchema));
  });

  it('respects an explicit additionalProperties: true', () => {
    const parameters = jsonSchemaParameters({ type: 'object', properties: {}, additionalProperties: true });
    assert.deepEqual(parameters.validate({ anything: 1 }), { ok: true, value: { anything: 1 } });
  });
});
