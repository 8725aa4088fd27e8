// Hooks in the assistant end to end: the real `kodama` in tmux, the model on
// testkit's scripted server, hooks in the user's config.json as Claude Code
// users write them. A PreToolUse hook blocks an `rm` (its reason reaches the
// model, no question is asked), allows an `echo allowed` that would
// otherwise ask, and one that hangs is killed at its timeout, with its
// grandchild, and the call is blocked saying which hook and why; the
// UserPromptSubmit hook's stdout reaches the model marked as a hook's.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { RecordedRequest } from '@kodama/testkit';
import { running } from './support/mcp-project.ts';
import { assistantUnderTmux, last, messages, skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const open = assistantUnderTmux();

/** The person's last prompt in a request (the hooks' context comes after it, as its own message). */
function prompt(r: RecordedRequest): string {
  const users = messages(r)
    .filter((m) => m.role === 'user')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .filter((t) => !t.startsWith('[context from'));
  return users.at(-1) ?? '';
}

const GUARD = `input=$(cat)
case "$input" in
  *'rm -f'*) echo "no rm here" >&2; exit 2 ;;
  *'echo allowed'*) echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}' ;;
  *'echo slow'*) sleep 300 & echo $! > "$KODAMA_PROJECT_DIR/grandchild.pid"; wait ;;
esac
`;

const STOP_COMPACT = `cat > "$KODAMA_PROJECT_DIR/compact.json"; echo "not before the release" >&2; exit 2`;

test('PreToolUse blocks, allows and times out, UserPromptSubmit adds context, PreCompact stops /compact, in the assistant', {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-tui-hooks-'));
  const home = join(root, '.home');
  const xdg = join(home, '.config');
  await mkdir(join(xdg, 'kodama'), { recursive: true });
  const guard = join(home, 'guard.sh');
  await writeFile(guard, GUARD);
  await writeFile(join(root, 'keep.txt'), 'keep');
  const hooks = {
    UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'echo "house rule: tabs only"' }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `sh ${guard}`, timeout: 2 }] }],
    PreCompact: [{ matcher: 'manual', hooks: [{ type: 'command', command: STOP_COMPACT }] }],
  };
  await writeFile(join(xdg, 'kodama', 'config.json'), JSON.stringify({ hooks }));
  const commands: Record<string, string> = {
    'remove it': 'rm -f keep.txt',
    'say allowed': 'echo allowed',
    'go slow': 'echo slow',
  };
  const { tmux, server } = await open(
    (r) =>
      last(r).tool
        ? { text: `ran: ${last(r).text.replace(/\s+/g, ' ').slice(0, 150)}` }
        : { toolCalls: [{ name: 'bash', arguments: { command: commands[prompt(r)] ?? 'echo none' } }] },
    [],
    { root, home },
    { columns: 200, rows: 50 },
    { XDG_CONFIG_HOME: xdg },
  );
  const send = async (text: string) => {
    tmux.type(text);
    await tmux.waitFor(text);
    tmux.keys('Enter');
    await tmux.waitFor(`› ${text}`);
  };

  await send('remove it');
  await tmux.waitFor(
    '⎿ Error: a PreToolUse hook blocked this bash call, so it was not run: no rm here (the hook "sh',
  );
  await tmux.waitFor('ran: Error: a PreToolUse hook blocked this bash call');
  await tmux.waitIdle();
  assert.equal(await readFile(join(root, 'keep.txt'), 'utf8'), 'keep', 'the blocked rm never ran');
  const first = JSON.stringify(messages(server.modelCalls[0]));
  assert.match(first, /\[context from the UserPromptSubmit hook .*\]\\nhouse rule: tabs only/);

  // Allowed by the hook: no question, though bash asks about echo without one.
  await send('say allowed');
  await tmux.waitFor('ran: allowed');
  await tmux.waitIdle();
  assert.doesNotMatch(tmux.screen(), /y yes · n no/);

  await send('go slow');
  await tmux.waitFor(
    'blocked this bash call, so it was not run: the hook timed out after 2s and was killed, and it fails closed',
  );
  await tmux.waitIdle();
  const pid = Number(await readFile(join(root, 'grandchild.pid'), 'utf8'));
  assert.equal(running(pid), false, "the hook's grandchild was killed with it");

  // Without a hook's answer, bash asks as ever: the hook changed only the calls it answered.
  await send('something else');
  await tmux.waitFor('y yes · n no');
  tmux.keys('y');
  await tmux.waitFor('ran: none');
  await tmux.waitIdle();

  // PreCompact sees /compact's instructions, and its block leaves the conversation as it was.
  const calls = server.modelCalls.length;
  tmux.type('/compact keep the names');
  await tmux.waitFor('/compact keep the names');
  tmux.keys('Enter');
  await tmux.waitFor(
    'not compacted: a PreCompact hook stopped it: not before the release (the hook "cat > \\"$KODAMA_PROJECT_DIR',
  );
  const compact = JSON.parse(await readFile(join(root, 'compact.json'), 'utf8'));
  assert.equal(compact.hook_event_name, 'PreCompact');
  assert.equal(compact.trigger, 'manual');
  assert.equal(compact.custom_instructions, 'keep the names');
  assert.equal(server.modelCalls.length, calls, 'no summary was asked for');
});
