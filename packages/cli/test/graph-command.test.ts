// `kodama graph <file> --mermaid` through the real bin: the diagram of the
// graph a module exports, and clear errors for anything else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/run/${name}`, import.meta.url));

test('kodama graph prints the review example as a Mermaid flowchart, without asking the model', async () => {
  const server = await serve([]);
  const env = isolatedEnv({ KODAMA_MODEL: `openai-compatible:${server.url}/v1@scripted-model` });
  for (const argv of [
    ['graph', example('review-graph.ts'), '--mermaid'],
    ['graph', example('review-graph.ts')],
  ]) {
    const out = await runKodama(argv, env);
    assert.equal(out.code, 0, out.stderr);
    assert.equal(out.stderr, '');
    assert.equal(
      out.stdout,
      [
        'flowchart TD',
        '  n_write(["write"])',
        '  n_review["review"]',
        '  n_polish(["polish"])',
        '  n_write --> n_review',
        '  n_review -->|"approved"| n_polish',
        '  n_review -->|"revise"| n_write',
        '',
      ].join('\n'),
    );
  }
  assert.equal(server.modelCalls.length, 0);
});

test('a default export that is not a graph is named, with what kodama graph expects', async () => {
  const server = await serve([]);
  const env = isolatedEnv({ KODAMA_MODEL: `openai-compatible:${server.url}/v1@scripted-model` });
  const swarm = await runKodama(['graph', example('triage-swarm.ts'), '--mermaid'], env);
  assert.equal(swarm.code, 2);
  assert.equal(swarm.stdout, '');
  assert.match(
    swarm.stderr,
    /the default export of .*triage-swarm\.ts is a swarm \(support\); kodama graph draws a graph/,
  );
  const agent = await runKodama(['graph', fixture('agent.ts')], env);
  assert.equal(agent.code, 2);
  assert.match(agent.stderr, /is an agent \(helper\); kodama graph draws a graph/);
  const number = await runKodama(['graph', fixture('not-runnable.ts')], env);
  assert.equal(number.code, 2);
  assert.match(number.stderr, /is a number \(42\)/);
});

test('kodama graph --help, and its usage errors', async () => {
  const help = await runKodama(['graph', '--help'], isolatedEnv());
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /^Usage: kodama graph <file\.ts\|file\.js> \[--mermaid\]\n/);
  const none = await runKodama(['graph'], isolatedEnv());
  assert.equal(none.code, 2);
  assert.match(none.stderr, /kodama graph needs a module file/);
  const two = await runKodama(['graph', 'a.ts', 'b.ts'], isolatedEnv());
  assert.equal(two.code, 2);
  assert.match(two.stderr, /takes one module file, got also "b\.ts"/);
  const format = await runKodama(['graph', 'a.ts', '--svg'], isolatedEnv());
  assert.equal(format.code, 2);
  assert.match(format.stderr, /Unknown option '--svg'/);
});
