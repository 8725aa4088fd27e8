// The assistant's configuration through the real `kodama -p`: the project's
// .kodama/config.json overrides the user's (model, tools) once trusted
// (--trust), its permission rules deny a call before it runs with a message
// naming the rule (trusted or not), and a bad file is refused with a message
// naming the key.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();

/** A project with `.kodama/config.json` holding `project`, and a user config dir holding `user` (when given). */
async function project(projectConfig: unknown, userConfig?: unknown) {
  const root = await mkdtemp(join(tmpdir(), 'kodama-cfg-'));
  await mkdir(join(root, '.kodama'));
  await writeFile(join(root, '.kodama', 'config.json'), JSON.stringify(projectConfig));
  const configHome = join(root, '.config-home');
  if (userConfig !== undefined) {
    await mkdir(join(configHome, 'kodama'), { recursive: true });
    await writeFile(join(configHome, 'kodama', 'config.json'), JSON.stringify(userConfig));
  }
  const home = join(root, '.home');
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: configHome });
  return { root, env };
}

test('a denied call fails before it runs, and the model is told which rule of which file denied it', async () => {
  const server = await serve([
    { toolCalls: [{ name: 'bash', arguments: { command: 'touch made && echo ok' } }] },
    { text: 'understood' },
  ]);
  const { root, env } = await project({ permissions: { deny: ['bash(touch:*)'] } });
  const out = await runKodama(
    ['-p', 'go', '--model', `openai-compatible:${server.url}/v1`, '--root', root, '--no-skills', '--yes'],
    env,
  );
  assert.equal(out.code, 0, out.stderr);
  const sent = JSON.stringify(server.modelCalls[1]?.body);
  assert.match(
    sent,
    /the permission rule \\"bash\(touch:\*\)\\" in .*\.kodama\/config\.json denies this call/,
  );
  await assert.rejects(stat(join(root, 'made')), { code: 'ENOENT' });
});

test("the project's model and tools override the user's", async () => {
  const server = await serve([{ text: 'from the project model' }]);
  const { root, env } = await project(
    { model: `openai-compatible:${server.url}/v1`, tools: ['calculator'] },
    { model: 'openai-compatible:http://127.0.0.1:1/v1', tools: ['read', 'bash'] },
  );
  const out = await runKodama(['-p', 'hi', '--root', root, '--no-skills', '--trust'], env);
  assert.equal(out.code, 0, out.stderr);
  assert.equal(out.stdout.trim(), 'from the project model');
  const body = server.modelCalls[0]?.body as { tools?: Array<{ function: { name: string } }> } | undefined;
  const tools = body?.tools ?? [];
  assert.deepEqual(
    tools.map((t) => t.function.name),
    ['calculator'],
  );
});

test('a bad configuration is refused with the file and the key named, before any model call', async () => {
  const cases: Array<[unknown, RegExp]> = [
    [
      { permissions: { allow: ['bash(npm test:*)', 'edit('] } },
      /config\.json: permissions\.allow\[1\]: "edit\(" is not a rule/,
    ],
    [{ permissions: { allow: ['web_fetch(x)'] } }, /permissions\.allow\[0\]: .*only bash and the file tools/],
    [{ permissions: { allow: 'bash' } }, /"permissions\.allow" must be a list of strings/],
    [{ permisions: {} }, /unknown key "permisions"/],
    [{ theme: 'neon' }, /"theme" must be one of "auto", "colour", "plain"/],
  ];
  for (const [config, message] of cases) {
    const { root, env } = await project(config);
    const out = await runKodama(
      ['-p', 'hi', '--root', root, '--model', 'openai-compatible:http://127.0.0.1:1/v1', '--trust'],
      env,
    );
    assert.equal(out.code, 2, out.stderr);
    assert.match(out.stderr, message);
  }
});
