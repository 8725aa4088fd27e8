// tui-session: an all-day session replayed into the assistant's screen (the
// transcript, the input, the status line on pi-tui, 100×40 virtual terminal).
// Each of 500 turns is what a coding turn draws: the prompt, streamed
// reasoning, a read and its result, an edit with its diff, a bash call with
// streamed output, a streamed Markdown answer, the status line updated per
// delta; pi-tui paces frames as on a real terminal (the event loop turns
// after every event). cpu_us_per_turn = process CPU over the replay / turns;
// first_fifth / last_fifth are the same over the first and the last hundred
// turns: the cost of a turn must not grow with the session (growth: last
// within 1.2x the first). Memory must not grow either: heap_mb_start is the
// heap after a full GC at turn 100 (past the startup allocations),
// heap_mb_end after the last turn, memory_growth their ratio (target ≤ 1.1);
// heap_mb_by_100 and rss_mb_by_100 every hundred turns. rss_mb_start is after building
// the screen (one turn drawn), rss_mb_end after the last turn, both after a
// full GC. The screen lets go of rows the scrollback holds as the app does
// (releaseScrollback); `npm run bench -- tui-session 500 keep` keeps every
// row, as before, to compare. The virtual terminal forgets what it was sent
// after each frame (a real terminal is another process); it counts the bytes.
import type { AgentEvent } from '@kodama/core';
import { Editor, TUI } from '@mariozechner/pi-tui';
import { editorTheme } from '../src/app/editor-theme.ts';
import {
  colourTheme,
  memoizeFrameLines,
  releaseScrollback,
  StatusLine,
  TOOL_OUTPUT_EVENT,
  Transcript,
  unifiedDiff,
  VirtualTerminal,
} from '../src/internal.ts';

const TURNS = Number(process.argv[2] ?? 500);
const KEEP_ALL = process.argv[3] === 'keep';

const terminal = new VirtualTerminal(100, 40);
const tui = new TUI(terminal);
memoizeFrameLines(tui);
const transcript = new Transcript(colourTheme);
if (!KEEP_ALL && !releaseScrollback(tui, transcript)) throw new Error('releaseScrollback: pi-tui changed');
const status = new StatusLine(StatusLine.idle('bench'), colourTheme);
status.update({ model: 'openai:gpt-5', contextWindow: 128000 });
tui.addChild(transcript);
tui.addChild(new Editor(tui, editorTheme(colourTheme)));
tui.addChild(status);
tui.start();

const base = { agentId: '', turnId: 't' };
const frame = () => new Promise((r) => setImmediate(r));
/** Hands one event to the screen the way the app does, then lets pi-tui draw. */
async function emit(e: Record<string, unknown>): Promise<void> {
  transcript.onEvent({ ...base, ...e } as unknown as AgentEvent);
  tui.requestRender();
  await frame();
  terminal.reset();
}

/** Splits `text` into `n` deltas. */
function deltas(text: string, n: number): string[] {
  const size = Math.ceil(text.length / n);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

let tokens = 0;
async function turn(i: number): Promise<void> {
  transcript.user(`turn ${i}: make step${i} return early when the input is empty, and run its tests`);
  status.update({ busySince: Date.now() });
  for (const d of deltas(
    `The user wants step${i} to return early. I should read src/step${i}.ts first, then edit it and run the tests.`,
    10,
  ))
    await emit({ type: 'reasoning-delta', text: d });
  await emit({ type: 'reasoning', text: `The user wants step${i} to return early.` });
  const source = Array.from({ length: 30 }, (_, k) => `  const v${k} = input.length * ${k + i};`).join('\n');
  const before = `export function step${i}(input: string): number {\n${source}\n  return v0;\n}\n`;
  const after = before.replace('{\n', "{\n  if (input === '') return 0;\n");
  await emit({
    type: 'tool-call',
    toolCallId: `r${i}`,
    name: 'read',
    arguments: JSON.stringify({ path: `src/step${i}.ts` }),
  });
  await emit({ type: 'tool-result', toolCallId: `r${i}`, status: 'ok', content: before });
  await emit({
    type: 'tool-call',
    toolCallId: `e${i}`,
    name: 'edit',
    arguments: JSON.stringify({
      path: `src/step${i}.ts`,
      old: '{\n',
      new: "{\n  if (input === '') return 0;\n",
    }),
  });
  transcript.diff(`edit src/step${i}.ts`, unifiedDiff(before, after));
  await emit({ type: 'tool-result', toolCallId: `e${i}`, status: 'ok', content: `edited src/step${i}.ts` });
  await emit({
    type: 'tool-call',
    toolCallId: `b${i}`,
    name: 'bash',
    arguments: JSON.stringify({ command: `npm test -- step${i}` }),
  });
  for (let k = 0; k < 10; k++)
    await emit({
      type: 'domain',
      name: TOOL_OUTPUT_EVENT,
      data: { toolCallId: `b${i}`, text: `ok ${k} - step${i} case ${k}\n` },
    });
  await emit({
    type: 'tool-result',
    toolCallId: `b${i}`,
    status: 'ok',
    content: 'tests 10, pass 10, fail 0',
  });
  const answer = `Done: **step${i}** now returns \`0\` for an empty input.\n\n- \`src/step${i}.ts\`: one guard at the top\n- the 10 tests of step${i} pass\n\n\`\`\`ts\nif (input === '') return 0;\n\`\`\`\n`;
  for (const d of deltas(answer, 30)) {
    tokens += 2;
    status.update({ outputTokens: tokens, contextTokens: 1000 + tokens });
    await emit({ type: 'assistant-delta', text: d });
  }
  await emit({ type: 'assistant', text: answer });
  status.update({ busySince: undefined });
  tui.requestRender();
  await frame();
}

const gc = (globalThis as { gc?: () => void }).gc;
/** RSS and heap in MB after a full GC. */
const memory = () => {
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss / 2 ** 20, heap: m.heapUsed / 2 ** 20 };
};
const cpu = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return u.user + u.system;
};

await turn(0);
const memStart = memory();
const fifth = Math.floor(TURNS / 5);
// The heap's baseline: after turn 100 (or the first fifth of a shorter replay).
const baseTurn = Math.min(100, fifth);
let heapBase = memStart.heap;
const heapBy100: string[] = [];
const rssBy100: string[] = [];
let cpuPaused = 0;
/** The heap after a full GC, measured off the CPU clock (a GC is the bench's work, not a turn's). */
const heapNow = () => {
  const before = process.cpuUsage();
  const heap = memory().heap;
  cpuPaused += cpu(before);
  return heap;
};
const start = process.cpuUsage();
let firstFifth = 0;
let lastFifthStart = start;
let pausedAtLastFifth = 0;
for (let i = 1; i <= TURNS; i++) {
  if (i === TURNS - fifth + 1) {
    lastFifthStart = process.cpuUsage();
    pausedAtLastFifth = cpuPaused;
  }
  await turn(i);
  if (i === fifth) firstFifth = (cpu(start) - cpuPaused) / fifth;
  if (i === baseTurn) heapBase = heapNow();
  if (i % 100 === 0) {
    heapBy100.push((i === baseTurn ? heapBase : heapNow()).toFixed(1));
    rssBy100.push((process.memoryUsage().rss / 2 ** 20).toFixed(0));
  }
}
const lastFifth = (cpu(lastFifthStart) - (cpuPaused - pausedAtLastFifth)) / fifth;
const total = (cpu(start) - cpuPaused) / TURNS;
// pi-tui draws at most every 16 ms: let it draw the last turn before measuring.
await new Promise((r) => setTimeout(r, 50));
const memEnd = memory();
tui.stop();
const kept = (tui as unknown as { previousLines: string[] }).previousLines.length;
console.log(
  `turns=${TURNS} first_fifth_us=${firstFifth.toFixed(0)} last_fifth_us=${lastFifth.toFixed(0)} growth=${(lastFifth / firstFifth).toFixed(2)} heap_mb_by_100=${heapBy100.join(',')} rss_mb_by_100=${rssBy100.join(',')} live_entries=${transcript.entries.length} live_rows=${kept} released_rows=${transcript.releasedRows} terminal_bytes=${terminal.bytes}`,
);
console.log(
  `RESULT tui-session cpu_us_per_turn=${total.toFixed(0)} rss_mb_end=${memEnd.rss.toFixed(1)} rss_mb_start=${memStart.rss.toFixed(1)} growth=${(lastFifth / firstFifth).toFixed(2)} heap_mb_start=${heapBase.toFixed(1)} heap_mb_end=${memEnd.heap.toFixed(1)} memory_growth=${(memEnd.heap / heapBase).toFixed(2)}`,
);
