// tui-render: a 2,000-line Markdown answer (headings, paragraphs, lists, code
// blocks, tables) streamed in 5,000 deltas into the assistant's screen (the
// transcript, the input, the status line on pi-tui) on a 100×40 virtual
// terminal, at full speed: each delta is handed over as the app does
// (transcript event, status update, requestRender) and the event loop turns
// once, so pi-tui draws at most one frame per 16 ms as it does on a real
// terminal. cpu_us_per_delta = process CPU over the replay / deltas;
// bytes_written_per_delta = what the terminal received / deltas. A second
// line measures the worst case: a full frame forced after every delta, also
// over the first and the last fifth of the answer (does it grow with the
// transcript?). `--no-memo` leaves pi-tui's frame work as it is (memoizeFrameLines).
// The screen lets go of rows the scrollback holds, as the app does
// (releaseScrollback; a streaming answer is kept whole until it ends).
import type { AgentEvent } from '@kodama/core';
import { Editor, TUI } from '@mariozechner/pi-tui';
import { editorTheme } from '../src/app/editor-theme.ts';
import {
  colourTheme,
  memoizeFrameLines,
  releaseScrollback,
  StatusLine,
  Transcript,
  VirtualTerminal,
} from '../src/internal.ts';

const LINES = 2000;
const DELTAS = 5000;

/** A deterministic answer of exactly LINES lines. */
function answer(): string {
  const out: string[] = [];
  for (let i = 0; out.length < LINES; i++) {
    out.push(
      `## Step ${i}`,
      '',
      `We change **module ${i}** so that \`run()\` returns early; see the [notes](https://example.com/${i}) for why this matters.`,
      '',
      `- check the input of step ${i}`,
      '- keep the old behaviour behind a flag',
      '',
      '```ts',
      `export function step${i}(input: string): number {`,
      `  return input.length * ${i}; // scaled`,
      '}',
      '```',
      '',
      '| file | change |',
      '|---|---|',
      `| src/step${i}.ts | +12 -3 |`,
      '',
    );
  }
  return out.slice(0, LINES).join('\n');
}

const text = answer();
const size = Math.ceil(text.length / DELTAS);
const deltas: string[] = [];
for (let i = 0; i < text.length; i += size) deltas.push(text.slice(i, i + size));

const terminal = new VirtualTerminal(100, 40);
const tui = new TUI(terminal);
if (!process.argv.includes('--no-memo')) memoizeFrameLines(tui);
const transcript = new Transcript(colourTheme);
releaseScrollback(tui, transcript);
const status = new StatusLine(
  {
    model: 'openai:gpt-5',
    contextTokens: 1200,
    contextWindow: 128000,
    inputTokens: 1200,
    outputTokens: 0,
    costUsd: 0,
    sessionId: 'bench',
    busySince: undefined,
  },
  colourTheme,
);
tui.addChild(transcript);
tui.addChild(new Editor(tui, editorTheme(colourTheme)));
tui.addChild(status);
tui.start();
const render = () => (tui as unknown as { doRender(): void }).doRender();
render();
const base = { agentId: '', turnId: 't1' };
const event = (e: { type: 'assistant-delta' | 'assistant'; text: string }) =>
  transcript.onEvent({ ...base, ...e } as AgentEvent);

/** CPU µs since `from` (process.cpuUsage). */
const since = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return u.user + u.system;
};

/** Replays the answer; `forced`: a full frame after every delta instead of pi-tui's frame pacing. */
async function replay(
  forced: boolean,
): Promise<{ cpu: number; bytes: number; frames: number; firstFifth: number; lastFifth: number }> {
  transcript.clear();
  render();
  const bytesBefore = terminal.bytes;
  let frames = 0;
  const start = process.cpuUsage();
  const fifth = Math.floor(deltas.length / 5);
  let firstFifth = 0;
  let lastFifthStart: NodeJS.CpuUsage | undefined;
  let out = 0;
  for (const [i, d] of deltas.entries()) {
    if (i === fifth) firstFifth = since(start) / fifth;
    if (i === deltas.length - fifth) lastFifthStart = process.cpuUsage();
    event({ type: 'assistant-delta', text: d });
    out += d.length;
    status.update({ outputTokens: Math.round(out / 4) });
    if (forced) {
      render();
      frames++;
    } else {
      tui.requestRender();
      await new Promise((r) => setImmediate(r));
    }
  }
  const lastFifth = lastFifthStart ? since(lastFifthStart) / fifth : 0;
  event({ type: 'assistant', text });
  render();
  return {
    cpu: since(start) / deltas.length,
    bytes: (terminal.bytes - bytesBefore) / deltas.length,
    frames,
    firstFifth,
    lastFifth,
  };
}

const paced = await replay(false);
const forced = await replay(true);
tui.stop();
console.log(`deltas=${deltas.length} lines=${LINES} chars=${text.length}`);
console.log(
  `forced frame per delta: cpu_us_per_delta=${forced.cpu.toFixed(1)} bytes_written_per_delta=${forced.bytes.toFixed(1)} first_fifth_us=${forced.firstFifth.toFixed(1)} last_fifth_us=${forced.lastFifth.toFixed(1)}`,
);
console.log(
  `RESULT tui-render cpu_us_per_delta=${paced.cpu.toFixed(1)} bytes_written_per_delta=${paced.bytes.toFixed(1)}`,
);
