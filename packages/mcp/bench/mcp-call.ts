// mcp-call: 1,000 sequential calls of a trivial tool (add) on a stdio server (the test fixture, a
// real SDK server in a child process) through kodama's client (McpServerConnection over the
// process-group transport, results mapped to kodama content), and the same through the bare SDK
// client (StdioClientTransport) in the same run. Rounds alternate; the median of each is kept.

import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpServerConnection, resultContent } from '../src/index.ts';

const CALLS = Number(process.env.CALLS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 9);
const FIXTURE = fileURLToPath(new URL('../test/fixtures/server.mjs', import.meta.url));

async function kodama(): Promise<number> {
  const conn = new McpServerConnection(
    { id: 'fx', transport: 'stdio', command: process.execPath, args: [FIXTURE], env: {} },
    { hooks: { verify: async () => {} } },
  );
  await conn.start();
  const signal = new AbortController().signal;
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const out = resultContent(await conn.call('add', { a: i, b: 1 }, signal));
    if (out !== String(i + 1)) throw new Error(`kodama got ${JSON.stringify(out)}`);
  }
  const ms = performance.now() - t0;
  await conn.close();
  return ms;
}

async function sdk(): Promise<number> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE] }));
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const r = await client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
    if ((r.content as Array<{ text: string }>)[0]?.text !== String(i + 1))
      throw new Error('sdk got a wrong sum');
  }
  const ms = performance.now() - t0;
  await client.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
await kodama();
await sdk();
const ours: number[] = [];
const theirs: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  ours.push(await kodama());
  theirs.push(await sdk());
}
const us = (median(ours) * 1000) / CALLS;
const sdkUs = (median(theirs) * 1000) / CALLS;
console.log(
  `kodama ${ours.map((m) => m.toFixed(0)).join(' ')} ms; sdk ${theirs.map((m) => m.toFixed(0)).join(' ')} ms`,
);
console.log(
  `RESULT mcp-call us_per_call=${us.toFixed(1)} sdk_us_per_call=${sdkUs.toFixed(1)} ratio_vs_sdk=${(us / sdkUs).toFixed(3)}`,
);
