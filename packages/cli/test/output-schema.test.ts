// `kodama ask --output-schema <file.json>`: the validated JSON on stdout, exit 0;
// an answer still invalid after its repair turn exits 1; a bad file exits 2.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseCliArgs } from '../src/args.ts';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const dir = mkdtempSync(join(tmpdir(), 'kodama-output-schema-'));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const SCHEMA = file(
  'product.json',
  JSON.stringify({
    type: 'object',
    properties: { product: { type: 'integer' }, explanation: { type: 'string' } },
    required: ['product', 'explanation'],
  }),
);

test('prints the validated JSON, pretty, and nothing else on stdout; exit 0', async () => {
  const server = await serve([
    { text: 'Let me compute.', toolCalls: [{ name: 'calculator', arguments: { expression: '17 * 23' } }] },
    { text: '{"product":391,"explanation":"17 * 23"}' },
  ]);
  const out = await runKodama(
    ['ask', '--output-schema', SCHEMA, '--model', `openai-compatible:${server.url}/v1`, 'What is 17 * 23?'],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout, '{\n  "product": 391,\n  "explanation": "17 * 23"\n}\n');
  assert.deepEqual(JSON.parse(out.stdout), { product: 391, explanation: '17 * 23' });
  assert.match(out.stderr, /Let me compute\./, 'the streamed text goes to stderr');
  const body = server.modelCalls[0]!.body as { response_format: { json_schema: { schema: unknown } } };
  assert.deepEqual(body.response_format.json_schema.schema, {
    type: 'object',
    properties: { product: { type: 'integer' }, explanation: { type: 'string' } },
    required: ['product', 'explanation'],
    additionalProperties: false,
  });
});

test('with --json the events come first and the output is the last line', async () => {
  const server = await serve([{ text: '{"product":6,"explanation":"2 * 3"}' }]);
  const out = await runKodama(
    ['ask', '--json', '--output-schema', SCHEMA, '--model', `openai-compatible:${server.url}/v1`, '2 * 3?'],
    isolatedEnv(),
  );
  assert.equal(out.code, 0, out.stderr);
  const lines = out.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; output?: unknown });
  assert.equal(lines.at(-2)?.type, 'turn-end');
  assert.deepEqual(lines.at(-1), { type: 'output', output: { product: 6, explanation: '2 * 3' } });
});

test('still invalid after the repair turn: exit 1, every problem on stderr, nothing on stdout', async () => {
  const server = await serve([{ text: '{"product":"391"}' }, { text: '{"product":391.5,"extra":1}' }]);
  const out = await runKodama(
    ['ask', '--output-schema', SCHEMA, '--model', `openai-compatible:${server.url}/v1`, 'What is 17 * 23?'],
    isolatedEnv(),
  );
  assert.equal(out.code, 1, out.stderr);
  assert.equal(out.stdout, '');
  assert.equal(server.modelCalls.length, 2);
  assert.match(
    out.stderr,
    /OutputValidationError: the answer does not match the output schema: \$\.product must be an integer \(got 391\.5\); \$\.explanation is required; \$\.extra is not allowed/,
  );
});

test('a bad schema file is a usage error naming the file and the problem, before any model is looked for', async () => {
  const cases: [string, RegExp][] = [
    [join(dir, 'missing.json'), /--output-schema .*missing\.json: cannot read it \(no such file\)/],
    [file('broken.json', '{"type": "object",'), /--output-schema .*broken\.json: not valid JSON: /],
    [
      file('array.json', '{"type": "array"}'),
      /--output-schema .*array\.json: the schema must describe an object \(type: 'object'\), got type "array"/,
    ],
  ];
  for (const [path, message] of cases) {
    // No --model and no local server: reaching model discovery would exit 2 with "no model".
    const out = await runKodama(['ask', '--output-schema', path, 'hi'], isolatedEnv());
    assert.equal(out.code, 2, out.stderr);
    assert.match(out.stderr, message);
    assert.doesNotMatch(out.stderr, /no model/i);
  }
});

test('the flag is parsed', () => {
  const args = parseCliArgs(['ask', '--output-schema', 'a.json', 'hi']);
  assert.equal(args.command === 'ask' && args.outputSchema, 'a.json');
  const plain = parseCliArgs(['ask', 'hi']);
  assert.equal(plain.command === 'ask' && plain.outputSchema, undefined);
});
