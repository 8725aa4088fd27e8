// Saving an "always" answer to the project end to end: the real `kodama` in
// tmux on a trusted project, the model on testkit's scripted server. `p` then
// Enter at a bash question writes the rule into `.kodama/config.json` (the
// file's other keys kept), the same call then runs without a question, and
// `/permissions remove <n>` takes the rule out of the file again, after which
// the call asks once more. A folder whose configuration the person did not
// trust is offered no `p`, and kodama never writes its file; `u` creates the
// user's config.json with the rule.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { assistantUnderTmux, last, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

/** What follows the last time `prompt` was typed, on the screen. */
function after(screen: string, prompt: string): string {
  return screen.slice(screen.lastIndexOf(`› ${prompt}`));
}

test('always for this project: p then Enter writes the rule to .kodama/config.json, the call stops asking; /permissions remove takes it out of the file', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-save-'));
  await mkdir(join(root, '.kodama'));
  const config = join(root, '.kodama', 'config.json');
  const before = {
    theme: 'plain',
    permissions: { deny: ['bash(rm:*)'], allow: ['bash(ls:*)'] },
  };
  await writeFile(config, `${JSON.stringify(before, null, 2)}\n`);
  const read = async () => JSON.parse(await readFile(config, 'utf8'));
  const { tmux, server } = await open(
    (r) =>
      last(r).tool
        ? { text: `ran: ${last(r).text.slice(0, 20)}` }
        : { toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] },
    ['--trust'],
    { root, home: join(root, '.home') },
    { columns: 160, rows: 50 },
  );
  const prompt = async (text: string) => {
    tmux.type(text);
    await tmux.waitFor(text);
    tmux.keys('Enter');
    // A prompt shows in the transcript once sent (a slash command's answer shows instead).
    if (!text.startsWith('/')) await tmux.waitFor(`› ${text}`);
  };

  await prompt('say hi');
  await tmux.waitFor('p always in this project (.kodama/config.json)');
  tmux.keys('p');
  await tmux.waitFor('always allow bash(echo hi) in this project: saved to .kodama/config.json · Enter save');
  assert.deepEqual(await read(), before, 'nothing is written before Enter');
  tmux.keys('Enter');
  await tmux.waitFor('saved allow bash(echo hi) to .kodama/config.json');
  await tmux.waitFor('ran: hi');
  await tmux.waitIdle();
  assert.deepEqual(await read(), {
    theme: 'plain',
    permissions: { deny: ['bash(rm:*)'], allow: ['bash(ls:*)', 'bash(echo hi)'] },
  });

  // The saved rule holds at once: the same call runs without a question.
  const calls = server.modelCalls.length;
  await prompt('say hi again');
  await tmux.waitFor((s) => after(s, 'say hi again').includes('ran: hi'));
  await tmux.waitIdle();
  assert.equal(server.modelCalls.length, calls + 2);
  assert.doesNotMatch(after(tmux.screen(), 'say hi again'), /y yes · n no/);

  await prompt('/permissions');
  const listed = await tmux.waitFor('removes one from its file');
  assert.match(listed, /1 {2}deny {3}bash\(rm:\*\) +\S*\.kodama\/config\.json/);
  assert.match(listed, /2 {2}allow {2}bash\(ls:\*\) +\S*\.kodama\/config\.json/);
  assert.match(listed, /3 {2}allow {2}bash\(echo hi\) +\S*\.kodama\/config\.json/);
  await prompt('/permissions remove 3');
  await tmux.waitFor('removed allow bash(echo hi) from .kodama/config.json');
  assert.deepEqual(await read(), before, "the rule is out of the file; the file's other keys and rules stay");

  // Gone from the live rules too: the call asks again.
  await prompt('say hi once more');
  await tmux.waitFor((s) =>
    /y yes · n no · a always allow bash\(echo hi\)/.test(after(s, 'say hi once more')),
  );
  tmux.keys('y');
  await tmux.waitIdle();
});

test('a folder whose configuration the person did not trust: no p, its file is never written, not even by /permissions remove', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-save-'));
  const home = join(root, '.home');
  await mkdir(join(root, '.kodama'));
  const config = join(root, '.kodama', 'config.json');
  const text = '{"permissions": {"allow": ["bash(curl:*)"], "deny": ["bash(rm:*)"]}}';
  await writeFile(config, text);
  // The person said no to this folder (kodama trust --revoke), as for a cloned repository.
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
  const revoked = await runKodama(['trust', '--revoke', '--root', root], env);
  assert.equal(revoked.code, 0, revoked.stderr);
  const { tmux } = await open(
    (r) =>
      last(r).tool
        ? { text: `ran: ${last(r).text.slice(0, 20)}` }
        : { toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] },
    [],
    { root, home },
    { columns: 160, rows: 50 },
  );
  tmux.type('say hi');
  await tmux.waitFor('say hi');
  tmux.keys('Enter');
  const asked = await tmux.waitFor('a always allow bash(echo hi) this session');
  assert.match(
    asked,
    /no p: this folder's configuration is not trusted, so its allow rules would be ignored/,
  );
  assert.doesNotMatch(asked, /p always in this project/);
  tmux.keys('p');
  tmux.keys('Enter');
  tmux.keys('y');
  await tmux.waitFor('ran: hi');
  await tmux.waitIdle();
  tmux.type('/permissions remove 1');
  await tmux.waitFor('/permissions remove 1');
  tmux.keys('Enter');
  await tmux.waitFor('(bash(rm:*)) comes from');
  assert.equal(await readFile(config, 'utf8'), text, 'the untrusted file is byte for byte as it was');
});

test('always for all projects: u then Enter creates the user config.json with the rule; /permissions lists it under that file', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-save-'));
  const xdg = join(root, '.xdg');
  const user = join(xdg, 'kodama', 'config.json');
  const { tmux } = await open(
    (r) =>
      last(r).tool
        ? { text: `ran: ${last(r).text.slice(0, 20)}` }
        : { toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] },
    [],
    { root, home: join(root, '.home') },
    { columns: 160, rows: 50 },
    { XDG_CONFIG_HOME: xdg },
  );
  tmux.type('say hi');
  await tmux.waitFor('say hi');
  tmux.keys('Enter');
  // No project file and nothing to trust: both files are offered.
  await tmux.waitFor(`u always in all projects (${user})`);
  tmux.keys('u');
  await tmux.waitFor('Enter save');
  tmux.keys('Enter');
  await tmux.waitFor(`saved allow bash(echo hi) to ${user}`);
  await tmux.waitIdle();
  assert.deepEqual(JSON.parse(await readFile(user, 'utf8')), { permissions: { allow: ['bash(echo hi)'] } });
  await assert.rejects(readFile(join(root, '.kodama', 'config.json')), /ENOENT/);
  tmux.type('/permissions');
  await tmux.waitFor('/permissions');
  tmux.keys('Enter');
  const listed = await tmux.waitFor('removes one from its file');
  assert.ok(listed.includes(`1  allow  bash(echo hi)  ${user}`), listed);
});
