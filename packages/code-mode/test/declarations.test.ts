// The catalog's declarations and the final-value rule, on their own.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { typeOf } from '../src/declarations.ts';
import { withFinalValue } from '../src/final-value.ts';
import { identifiers } from '../src/names.ts';

describe('typeOf', () => {
  test('objects, optional keys, arrays, enums, unions and descriptions', () => {
    const schema = {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Where */ it is.' },
        limit: { type: 'integer' },
        mode: { enum: ['read', 'write'] },
        tags: { type: 'array', items: { type: 'string' } },
        'odd-key': { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['path'],
      additionalProperties: false,
    };
    assert.equal(
      typeOf(schema),
      [
        '{',
        '  /** Where * / it is. */',
        '  path: string;',
        '  limit?: number;',
        '  mode?: "read" | "write";',
        '  tags?: Array<string>;',
        '  "odd-key"?: string | null;',
        '}',
      ].join('\n'),
    );
    assert.equal(
      typeOf({ type: 'object', properties: {}, additionalProperties: false }),
      'Record<string, never>',
    );
  });
});

describe('identifiers', () => {
  test('names become identifiers; collisions and reserved names throw', () => {
    assert.deepEqual(
      [...identifiers(['read-file', '9lives'])],
      [
        ['read-file', 'read_file'],
        ['9lives', '_9lives'],
      ],
    );
    assert.throws(() => identifiers(['a-b', 'a_b']), /tools "a-b" and "a_b" both become tools.a_b/);
    assert.throws(() => identifiers(['parallel']), /reserved/);
  });
});

describe('withFinalValue', () => {
  // Every candidate compiles except statements (the stand-in for the engine's compiler).
  const compiles = (body: string) => {
    try {
      new Function(`return (async () => {\n${body}\n})`);
      return true;
    } catch {
      return false;
    }
  };
  test('the last expression is returned; a statement or an unbraced body is not', () => {
    assert.match(withFinalValue('const a = 1\na + 1', compiles), /return \(\na \+ 1\n\);$/);
    assert.match(withFinalValue('let s = 0; s += 2; s', compiles), /return \(\n s\n\);$/);
    assert.match(withFinalValue('f(\n  1,\n  2)', compiles), /^\nreturn \(\nf\(/);
    assert.equal(
      withFinalValue('for (const x of [1])\n  text(x)', compiles),
      'for (const x of [1])\n  text(x)',
    );
    assert.equal(withFinalValue('if (a) {\n  b()\n}', compiles), 'if (a) {\n  b()\n}');
    assert.equal(withFinalValue('const x = 1', compiles), 'const x = 1');
    assert.match(
      withFinalValue('for (let i = 0; i < 3; i++) b.push(i)\nb.length', compiles),
      /return \(\nb\.length\n\);$/,
    );
  });
});
