// long-session: 2,000 turns (a tool call and an answer each, 8,000 messages
// sent in all) through kodama's Agent, each turn a Run on one JSONL session
// (checkpointed as the assistant does), its events drawn by the assistant's
// transcript on a headless pi-tui screen (rows the scrollback holds let go),
// against a scripted server in a child process with a 32k window, so the
// agent compacts as a long real session does. RSS is read after a full GC at
// the end of the warm-up (the first fifth) and at the end; CPU per turn is the
// process's over the first and the last fifth; store bytes per turn is the
// session file's growth over the run divided by the turns. Targets: end RSS
// within 1.2x of start; last fifth's CPU per turn within 1.2x of the first's.
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, defineTool, NONE } from '@kodama/core';
import { JsonlSessionStore } from '@kodama/core/session';
import { resolveModel } from '@kodama/models';
import { TUI } from '@mariozechner/pi-tui';
import { z } from 'zod';
import { startServerProcess } from '../../../bench/support/server-process.ts';
import {
  colourTheme,
  memoizeFrameLines,
  releaseScrollback,
  Transcript,
  VirtualTerminal,
} from '../../assistant/src/internal.ts';

const TURNS = Number(process.argv[2] ?? 2000);
const FIFTH = Math.floor(TURNS / 5);

const server = await startServerProcess(new URL('./_long-session-server.ts', import.meta.url));
const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
const dir = mkdtempSync(join(tmpdir(), 'kodama-long-session-'));
const store = new JsonlSessionStore({ dir });
const session = { id: 'long-session', store };

const terminal = new VirtualTerminal(100, 40);
const tui = new TUI(terminal);
memoizeFrameLines(tui);
const transcript = new Transcript(colourTheme);
if (!releaseScrollback(tui, transcript)) throw new Error('releaseScrollback: pi-tui changed');
tui.addChild(transcript);
tui.start();

const note = (n: number) => `note ${n}: ${'the build passed and the deploy is green; '.repeat(12)}`;
const agent = new Agent({
  model,
  systemPrompt: 'You are kodama, a coding assistant.',
  streaming: true,
  configure: (c) =>
    c.addTool(
      defineTool({
        name: 'read_note',
        description: 'Reads note n.',
        parameters: z.object({ n: z.number() }),
        trifectaLegs: NONE,
        execute: ({ n }) => note(n),
      }),
    ),
});

const gc = (globalThis as { gc?: () => void }).gc;
const rssMb = () => {
  gc?.();
  return process.memoryUsage().rss / 2 ** 20;
};
const cpuUs = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return u.user + u.system;
};
const storeBytes = () => {
  try {
    return statSync(join(dir, `${session.id}.jsonl`)).size;
  } catch {
    return 0;
  }
};

let compactions = 0;
async function turn(i: number): Promise<void> {
  transcript.user(`turn ${i}: read the next note`);
  const run = agent.stream(`turn ${i}: read the next note`, { session });
  for await (const event of run) {
    transcript.onEvent(event);
    if (event.type === 'compaction') compactions++;
    tui.requestRender();
  }
  const done = await run.run;
  if (done.outcome !== 'completed') throw new Error(`turn ${i} ended ${done.outcome}: ${String(done.error)}`);
  await new Promise((r) => setImmediate(r));
  terminal.reset();
}

let cpuFirst = 0;
let cpuLast = 0;
let rssStart = 0;
let bytesStart = 0;
for (let i = 0; i < TURNS; i++) {
  const at = process.cpuUsage();
  await turn(i);
  const spent = cpuUs(at);
  if (i < FIFTH) cpuFirst += spent;
  if (i >= TURNS - FIFTH) cpuLast += spent;
  if (i === FIFTH - 1) {
    rssStart = rssMb();
    bytesStart = storeBytes();
  }
  if ((i + 1) % FIFTH === 0)
    console.log(
      `turn ${i + 1}: rss ${rssMb().toFixed(1)} MB, ${compactions} compactions, store ${(storeBytes() / 2 ** 20).toFixed(1)} MB`,
    );
}
const rssEnd = rssMb();
const perTurnBytes = Math.round((storeBytes() - bytesStart) / (TURNS - FIFTH));
tui.stop();
await agent.close();
await server.stop();
console.log(
  `RESULT long-session rss_mb_start=${rssStart.toFixed(1)} rss_mb_end=${rssEnd.toFixed(1)} cpu_us_per_turn_first=${Math.round(cpuFirst / FIFTH)} cpu_us_per_turn_last=${Math.round(cpuLast / FIFTH)} store_bytes_per_turn=${perTurnBytes} compactions=${compactions}`,
);
