// A connection's life against the real fixture server: a crash mid-call and the restart on the next
// call (re-screened), list_changed, cancellation reaching the server, and close reaping the process group;
// over HTTP, a server that restarted (a new session) or went away for a while.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServerConnection, type ServerSurface } from '../src/index.ts';
import { closeLater, httpFixture, stdioEntry, tempDir } from './helpers.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(20);
}

function connection(args: string[] = []) {
  const verified: ServerSurface[] = [];
  const changed: ServerSurface[] = [];
  const conn = new McpServerConnection(stdioEntry('fx', args), {
    restartDelayMs: 10,
    hooks: {
      verify: async (s) => {
        verified.push(s);
      },
      onSurfaceChanged: (s) => changed.push(s),
    },
  });
  closeLater(() => conn.close());
  return { conn, verified, changed };
}

const text = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

describe('a stdio connection', () => {
  test('a server that crashes mid-call: that call fails, the next restarts it (re-verified) and succeeds', async () => {
    const once = join(tempDir(), 'crashed');
    const { conn, verified } = connection(['--crash-once-file', once]);
    await conn.start();
    const first = conn.pid!;
    await assert.rejects(
      conn.call('crash', {}, new AbortController().signal),
      /exited during the call to crash; it is restarted on the next call/,
    );
    const again = await conn.call('crash', {}, new AbortController().signal);
    assert.match(text(again), /^survived, pid \d+$/);
    assert.notEqual(conn.pid, first);
    assert.equal(alive(first), false);
    assert.equal(verified.length, 2, 'the restarted server was screened again');
  });

  test('notifications/tools/list_changed refreshes the tools (verified before use)', async () => {
    const { conn, verified, changed } = connection();
    const surface = await conn.start();
    assert.equal(
      surface.tools.some((t) => t.name === 'extra'),
      false,
    );
    await conn.call('grow', {}, new AbortController().signal);
    await until(() => changed.length > 0);
    assert.ok(changed[0]!.tools.some((t) => t.name === 'extra'));
    assert.equal(verified.length, 2);
    assert.equal(text(await conn.call('extra', {}, new AbortController().signal)), 'extra ran');
  });

  test("cancelling a call sends the protocol's cancellation to the server", async () => {
    const marker = join(tempDir(), 'marker');
    const { conn } = connection(['--marker', marker]);
    await conn.start();
    const abort = new AbortController();
    const pending = conn.call('wait', {}, abort.signal);
    await until(() => readFileSync(marker, 'utf8').includes('start wait'));
    abort.abort();
    await assert.rejects(pending, (e: Error) => e.name === 'AbortError' || /abort/i.test(e.message));
    await until(() => readFileSync(marker, 'utf8').includes('cancelled'));
  });

  test('close ends the server and reaps its process group (a helper it started dies too)', async () => {
    const { conn } = connection();
    await conn.start();
    const server = conn.pid!;
    const helper = Number(text(await conn.call('fork', {}, new AbortController().signal)));
    assert.ok(alive(server) && alive(helper));
    await conn.close();
    await until(() => !alive(helper) && !alive(server));
  });
});

describe('an HTTP connection', () => {
  async function httpConnection() {
    const first = await httpFixture('web');
    const verified: ServerSurface[] = [];
    const conn = new McpServerConnection(first.entry, {
      restartDelayMs: 10,
      hooks: {
        verify: async (surface) => {
          verified.push(surface);
        },
      },
    });
    closeLater(() => conn.close());
    await conn.start();
    const port = new URL(first.entry.url).port;
    /** Kills the server and waits until it is gone. */
    const stop = async () => {
      const gone = new Promise((resolve) => first.process.once('exit', resolve));
      first.process.kill('SIGKILL');
      await gone;
    };
    /** Starts a fresh server process on the same port (it knows no session). */
    const restart = () => httpFixture('web', ['--port', port]);
    return { conn, verified, stop, restart };
  }

  test('a server that restarted (404 to the old session): the call opens a new session and runs once', async () => {
    const { conn, verified, stop, restart } = await httpConnection();
    const before = text(await conn.call('pid', {}, new AbortController().signal));
    await stop();
    await restart();
    const after = text(await conn.call('pid', {}, new AbortController().signal));
    assert.notEqual(after, before, 'answered by the new server process');
    assert.equal(verified.length, 2, 'the new session was screened again');
  });

  test('a server that is down: the call fails saying so; once it is back, the next call reconnects', async () => {
    const { conn, verified, stop, restart } = await httpConnection();
    await stop();
    await assert.rejects(
      conn.call('pid', {}, new AbortController().signal),
      /MCP server "web" \(http:\/\/127\.0\.0\.1:\d+\/mcp\) cannot be reached; it is reconnected on the next call/,
    );
    await restart();
    assert.match(text(await conn.call('pid', {}, new AbortController().signal)), /\d+/);
    assert.equal(verified.length, 2);
  });
});
