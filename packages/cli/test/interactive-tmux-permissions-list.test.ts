// `/permissions` end to end: the real `kodama` in tmux, the model on testkit's
// scripted server. It lists the mode and every rule with where it came from
// (a project file's deny, the session's "always" answer), and forgets a
// session rule so the next call asks again.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { assistantUnderTmux, last, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

test('/permissions lists each rule with its source; removing the session rule makes the call ask again', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-perm-'));
  await mkdir(join(root, '.kodama'));
  // A deny rule narrows, so it applies without trust.
  await writeFile(
    join(root, '.kodama', 'config.json'),
    JSON.stringify({ permissions: { deny: ['bash(rm:*)'] } }),
  );
  const { tmux } = await open(
    (r) =>
      last(r).tool
        ? { text: `ran: ${last(r).text.slice(0, 20)}` }
        : { toolCalls: [{ name: 'bash', arguments: { command: 'echo hi' } }] },
    [],
    { root, home: join(root, '.home') },
  );
  tmux.type('say hi');
  tmux.keys('Enter');
  await tmux.waitFor('always allow bash(echo hi) this session');
  tmux.keys('a');
  await tmux.waitFor('ran: hi');
  await tmux.waitIdle();
  tmux.type('/permissions');
  tmux.keys('Enter');
  const listed = await tmux.waitFor('forgets one of this session');
  // (Removing a file's rule, and a file kodama does not write: interactive-tmux-permissions-save.test.ts.)
  assert.match(listed, /mode: default/);
  assert.match(listed, /1 {2}deny {3}bash\(rm:\*\) +.*\.kodama\/config\.json/);
  assert.match(listed, /2 {2}allow {2}bash\(echo hi\) +this session/);
  tmux.type('/permissions remove 2');
  tmux.keys('Enter');
  await tmux.waitFor('forgot allow bash(echo hi) for this session; it asks again');
  tmux.type('say hi again');
  tmux.keys('Enter');
  // The rule is gone: the same command asks again.
  await tmux.waitFor((screen) =>
    /› say hi again[\s\S]*y yes · n no · a always allow bash\(echo hi\)/.test(screen),
  );
  tmux.keys('y');
  await tmux.waitIdle();
});
