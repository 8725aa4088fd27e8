// Progress keeps a call alive, against the real fixture server (the SDK's McpServer over stdio):
// kodama asks for progress (a progressToken), each report resets the call's timeout, a job that
// reports nothing still times out, and reporting progress cannot keep a call open past the total
// maximum. Through an agent, the result reaches the model and the reports are MCP_PROGRESS events.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Agent, type AgentEvent, isEvent } from '@kodama/core';
import type { ModelRequest } from '@kodama/core/model';
import {
  type CallProgress,
  MCP_PROGRESS,
  McpExtension,
  McpRegistry,
  McpServerConnection,
} from '../src/index.ts';
import { closeLater, lastText, scriptedModel, stdioEntry, tempDir } from './helpers.ts';

function connection(options: { callTimeoutMs: number; callMaxTotalMs?: number }, args: string[] = []) {
  const conn = new McpServerConnection(stdioEntry('fx', args), {
    ...options,
    hooks: { verify: async () => {} },
  });
  closeLater(() => conn.close());
  return conn;
}

const text = (r: { content: unknown[] }) => (r.content[0] as { text: string }).text;

describe('progress', () => {
  test('a 3 s job that reports progress every 300 ms outlives a 1.5 s timeout; its token was sent', async () => {
    const marker = join(tempDir(), 'marker');
    const conn = connection({ callTimeoutMs: 1500 }, ['--marker', marker]);
    await conn.start();
    const reports: CallProgress[] = [];
    const result = await conn.call('slow', { ms: 3000, every: 300 }, new AbortController().signal, (p) =>
      reports.push(p),
    );
    assert.match(text(result), /^done after \d+ reports$/);
    assert.ok(reports.length >= 5, `${reports.length} reports`);
    assert.equal(reports[0]!.total, 3000);
    assert.equal(reports[0]!.message, 'step 1');
    assert.match(readFileSync(marker, 'utf8'), /slow token given/);
  });

  test('the same job reporting nothing times out at 1.5 s', async () => {
    const conn = connection({ callTimeoutMs: 1500 });
    await conn.start();
    const started = Date.now();
    await assert.rejects(
      conn.call('slow', { ms: 3000, every: 0 }, new AbortController().signal),
      /timed out/i,
    );
    assert.ok(Date.now() - started < 2900, 'failed at the timeout, not at the end of the job');
  });

  test('progress cannot keep a call open past callMaxTotalMs', async () => {
    const conn = connection({ callTimeoutMs: 1000, callMaxTotalMs: 2000 });
    await conn.start();
    const started = Date.now();
    await assert.rejects(
      conn.call('slow', { ms: 8000, every: 200 }, new AbortController().signal, () => {}),
      /Maximum total timeout exceeded/,
    );
    const took = Date.now() - started;
    assert.ok(took >= 1900 && took < 6000, `ended after ${took} ms`);
    // The server still answers: the connection survived the timeout.
    assert.equal(text(await conn.call('add', { a: 1, b: 2 }, new AbortController().signal)), '3');
  });

  test('through an agent: the model reads the result, the reports are MCP_PROGRESS events', async () => {
    const seen: ModelRequest[] = [];
    const steps = [
      () => ({ toolCalls: [{ name: 'mcp_connect', arguments: { id: 'fx' } }] }),
      () => ({ toolCalls: [{ name: 'fx__slow', arguments: { ms: 2500, every: 250 } }] }),
      (r: ModelRequest) => ({ text: lastText(r) }),
    ];
    const model = scriptedModel((request, i) => {
      seen.push(request);
      return steps[i]!(request);
    });
    const mcp = new McpExtension({
      registry: new McpRegistry([stdioEntry('fx')]),
      cacheDir: tempDir(),
      connection: { callTimeoutMs: 1200 },
    });
    const events: AgentEvent[] = [];
    const agent = new Agent({
      model,
      systemPrompt: 'You test.',
      configure: (c) => {
        c.addExtension(mcp);
        c.addListener({ onEvent: (event) => events.push(event) });
      },
    });
    closeLater(() => agent.close());
    const answer = await agent.turn('run the slow job');
    assert.match(answer, /^done after \d+ reports$/);
    const progress = events.filter((e) => isEvent(e, MCP_PROGRESS));
    assert.ok(progress.length >= 4, `${progress.length} progress events`);
    const first = progress[0]!;
    assert.ok(isEvent(first, MCP_PROGRESS));
    assert.equal(first.data.id, 'fx');
    assert.equal(first.data.tool, 'fx__slow');
    assert.equal(first.data.total, 2500);
    // Progress messages are for the host, never the model.
    assert.ok(!JSON.stringify(seen).includes('step 1'));
    await agent.close();
  });
});
