// The assistant on a terminal (tmux) with --memory: what the person says in
// one session is captured when the assistant closes, and the next session
// gets it back with the matching message. Words-only memory (no embedding
// model: "deploy" is the word the question and the fact share); the scripted
// server answers the capture call with the fact.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { assistantUnderTmux, last, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();
const FACT = 'Deploys with Kamal to Hetzner.';
const isCapture = (r: RecordedRequest) =>
  JSON.stringify(messages(r)[0]?.content).includes('list the facts worth remembering');
const script = (r: RecordedRequest) =>
  isCapture(r)
    ? { text: JSON.stringify({ facts: last(r).text.includes('Kamal') ? [FACT] : [] }) }
    : { text: JSON.stringify(messages(r)).includes('new service') ? 'Deploying as before.' : 'Noted.' };

test('the assistant with --memory remembers across sessions', { skip }, async () => {
  const first = await open(script, ['--memory', '--user', 'ana']);
  first.tmux.type('We deploy with Kamal to Hetzner.');
  first.tmux.keys('Enter');
  await first.tmux.waitFor('Noted.');
  await first.tmux.waitIdle();
  first.tmux.keys('C-d');
  await first.tmux.waitFor('[exit 0]');
  const env = isolatedEnv({ HOME: first.home, XDG_DATA_HOME: join(first.home, 'data') });
  const list = await runKodama(['memory', 'list', '--user', 'ana'], env);
  assert.match(list.stdout, /^m1\s+.*Deploys with Kamal to Hetzner\.$/m, list.stdout + list.stderr);

  const second = await open(script, ['--memory', '--user', 'ana'], first);
  second.tmux.type('How do we deploy the new service?');
  second.tmux.keys('Enter');
  await second.tmux.waitFor('Deploying as before.');
  const request = second.server.modelCalls.find((r) => !isCapture(r))!;
  const texts = messages(request).map((m) => JSON.stringify(m.content));
  assert.ok(
    texts.some((t) => t.includes('<memory-context>') && t.includes(FACT)),
    texts.join('\n'),
  );
});
