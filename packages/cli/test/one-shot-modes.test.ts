// --permission-mode without a screen (`kodama -p`, `kodama ask`): the model is
// told the mode; plan mode refuses writes and commands that change anything,
// and its plan comes through present_plan, printed, with nothing changed when
// no one can approve it; accept-edits edits unasked but still refuses bash.
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

type Body = {
  messages: Array<{ role: string; content: unknown }>;
  tools?: Array<{ function: { name: string } }>;
};

const PLAN = '1. Add greeting.txt with a hello line.\n2. Run the tests.';

async function project() {
  const root = await mkdtemp(join(tmpdir(), 'kodama-modes-'));
  const env = isolatedEnv({ HOME: join(root, '.home'), XDG_DATA_HOME: join(root, '.data') });
  return { root, env };
}

const planScript = () => [
  { toolCalls: [{ name: 'write', arguments: { path: 'greeting.txt', content: 'hello\n' } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'touch marker' } }] },
  { toolCalls: [{ name: 'present_plan', arguments: { plan: PLAN } }] },
  { text: 'Plan presented.' },
];

const toolAnswers = (body: Body | undefined) =>
  (body?.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content));

for (const command of ['-p', 'ask'] as const) {
  test(`kodama ${command} --permission-mode plan: told, writes and commands refused, the plan printed, nothing changed`, async () => {
    const server = await serve(planScript());
    const { root, env } = await project();
    const head =
      command === '-p' ? ['-p', 'add a greeting'] : ['ask', 'add a greeting', '--tools', 'write,bash'];
    const out = await runKodama(
      [
        ...head,
        '--permission-mode',
        'plan',
        '--model',
        `openai-compatible:${server.url}/v1`,
        '--root',
        root,
        '--no-skills',
      ],
      env,
    );
    assert.equal(out.code, 0, out.stderr);
    const first = server.modelCalls[0]?.body as Body;
    assert.match(JSON.stringify(first.messages.at(-1)?.content), /plan mode: it is read-only/);
    assert.ok(first.tools?.some((t) => t.function.name === 'present_plan'));
    const answers = toolAnswers(server.modelCalls[3]?.body as Body);
    assert.match(answers[0] ?? '', /plan mode is read-only: this write call was not run/);
    assert.match(answers[1] ?? '', /plan mode is read-only/);
    assert.match(answers[2] ?? '', /The plan was printed for the person/);
    assert.ok(out.stdout.includes(PLAN), out.stdout);
    assert.match(out.stdout, /Plan presented\./);
    await assert.rejects(readFile(join(root, 'greeting.txt')), { code: 'ENOENT' });
    await assert.rejects(readFile(join(root, 'marker')), { code: 'ENOENT' });
  });

  test(`kodama ${command} --permission-mode accept-edits: the edit runs unasked, bash is still refused with no terminal`, async () => {
    const server = await serve([
      { toolCalls: [{ name: 'write', arguments: { path: 'greeting.txt', content: 'hello\n' } }] },
      { toolCalls: [{ name: 'bash', arguments: { command: 'touch marker' } }] },
      { text: 'Done.' },
    ]);
    const { root, env } = await project();
    const head =
      command === '-p' ? ['-p', 'add a greeting'] : ['ask', 'add a greeting', '--tools', 'write,bash'];
    const out = await runKodama(
      [
        ...head,
        '--permission-mode',
        'accept-edits',
        '--model',
        `openai-compatible:${server.url}/v1`,
        '--root',
        root,
        '--no-skills',
      ],
      env,
    );
    assert.equal(out.code, 0, out.stderr);
    assert.equal(await readFile(join(root, 'greeting.txt'), 'utf8'), 'hello\n');
    await assert.rejects(readFile(join(root, 'marker')), { code: 'ENOENT' });
    assert.match(out.stderr, /bash "touch marker" was not run: it needs approval/);
    const first = server.modelCalls[0]?.body as Body;
    assert.match(
      JSON.stringify(first.messages.at(-1)?.content),
      /permission mode is (now )?accept-edits: file edits inside the project run without asking/,
    );
    assert.ok(!first.tools?.some((t) => t.function.name === 'present_plan'));
  });
}

test('kodama ask without --permission-mode adds no note and no plan tool; a bad mode is a usage error', async () => {
  const server = await serve([{ text: 'ok' }]);
  const { root, env } = await project();
  const out = await runKodama(
    [
      'ask',
      'hi',
      '--tools',
      'write',
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--root',
      root,
      '--no-skills',
    ],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  const first = server.modelCalls[0]?.body as Body;
  assert.equal(first.messages.at(-1)?.content, 'hi');
  assert.deepEqual(
    first.tools?.map((t) => t.function.name),
    ['write'],
  );
  const bad = await runKodama(['ask', 'hi', '--permission-mode', 'yolo'], env);
  assert.equal(bad.code, 2);
  assert.match(
    bad.stderr,
    /unknown permission mode "yolo". Use --permission-mode default, accept-edits, plan, bypass/,
  );
});
