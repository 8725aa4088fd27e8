// The skill catalog's problems in the assistant: shown as warning notices on the screen once the
// session is drawn (not written to stderr under it, where the screen would draw over them), with
// the valid skill still loaded and listed by /skills.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { BIN, isolatedEnv } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';
import { TmuxSession } from './support/tmux.ts';
import { skipWithoutTmux as skip } from './support/tmux-assistant.ts';

const serve = scriptedServers();
const sessions: TmuxSession[] = [];
after(() => {
  for (const s of sessions) s.kill();
});

test("the skill catalog's errors and warnings are notices on the screen; the skills still load", {
  skip,
}, async () => {
  const root = await mkdtemp(join(tmpdir(), 'kodama-tui-skills-'));
  const home = join(root, '.home');
  await mkdir(home, { recursive: true });
  const skill = async (dir: string, text: string) => {
    await mkdir(join(root, '.claude/skills', dir), { recursive: true });
    await writeFile(join(root, '.claude/skills', dir, 'SKILL.md'), text);
  };
  await skill('folder', '---\nname: misnamed\ndescription: Misnamed.\n---\nBody.\n');
  await skill(
    'gh',
    '---\nname: gh\ndescription: GitHub issues.\nallowed-tools: Bash(gh issue:*), Read\n---\nBody.\n',
  );
  const server = await serve(() => ({ text: 'ok' }));
  const tmux = new TmuxSession();
  sessions.push(tmux);
  const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
  tmux.start(
    [
      process.execPath,
      BIN,
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--root',
      root,
      '--tools',
      'read,skill',
    ],
    { cwd: root, env, columns: 200, rows: 40 },
  );
  await tmux.waitFor('session kodama-');
  await tmux.waitFor(/skill error: .*folder\/SKILL\.md: name "misnamed" differs from its folder "folder"/);
  const screen = tmux.screen();
  // stderr lines ("kodama: skill error: ...") would stay above the screen; notices are the screen's own.
  assert.doesNotMatch(screen, /kodama: skill/);
  assert.match(
    screen,
    /skill warning: .*gh\/SKILL\.md: allowed-tools separates tools with spaces, not commas; read as 2 tools/,
  );
  tmux.type('/skills');
  tmux.keys('Enter');
  await tmux.waitFor(/misnamed: Misnamed\./);
  assert.match(tmux.screen(), /gh: GitHub issues\./);
});
