// history: export, serialize, parse and load a 10,000-message conversation
// (user turns, assistant tool calls with reasoning and usage, tool results).
// Baseline in the same run: JSON.stringify + JSON.parse of the bare messages.
import { ScriptedModel } from '@kodama/testkit';
import type { HistoryMessage } from '../src/entries/history.ts';
import { Agent, History } from '../src/index.ts';

const N = 10_000;
const usage = {
  inputTokens: 1200,
  outputTokens: 80,
  cacheReadTokens: 900,
  cacheWriteTokens: 0,
  reasoningTokens: 20,
};

function conversation(): HistoryMessage[] {
  const out: HistoryMessage[] = [];
  let i = 0;
  while (out.length < N) {
    out.push({
      id: `u${i}`,
      kind: 'user',
      message: { role: 'user', content: `Question number ${i}: what is in file ${i}?` },
    });
    out.push({
      id: `a${i}`,
      kind: 'assistant',
      modelId: 'bench-model',
      usage,
      message: {
        role: 'assistant',
        text: '',
        reasoning: `I should read file ${i} first.`,
        toolCalls: [{ id: `c${i}`, name: 'read', arguments: JSON.stringify({ path: `src/file${i}.ts` }) }],
      },
    });
    out.push({
      id: `t${i}`,
      kind: 'tool',
      message: {
        role: 'tool',
        toolCallId: `c${i}`,
        toolName: 'read',
        content: `export const value${i} = ${i};\n`.repeat(4),
      },
    });
    out.push({
      id: `f${i}`,
      kind: 'assistant',
      modelId: 'bench-model',
      usage,
      message: { role: 'assistant', text: `File ${i} exports value${i}.`, toolCalls: [] },
    });
    i++;
  }
  return out.slice(0, N);
}

const model = new ScriptedModel([]);
const messages = conversation();
const source = new Agent({ model, systemPrompt: 's' });
source.loadHistory(new History(messages));

function once(): { total: number; parts: Record<string, number>; baseline: number } {
  const t0 = performance.now();
  const exported = source.exportHistory();
  const t1 = performance.now();
  const text = exported.serialize();
  const t2 = performance.now();
  const parsed = History.parse(text);
  const t3 = performance.now();
  const target = new Agent({ model, systemPrompt: 's' });
  const restored = target.loadHistory(parsed);
  const t4 = performance.now();
  if (restored !== N) throw new Error(`restored ${restored} of ${N}`);
  const b0 = performance.now();
  JSON.parse(JSON.stringify(messages));
  const baseline = performance.now() - b0;
  return {
    total: t4 - t0,
    parts: { export: t1 - t0, serialize: t2 - t1, parse: t3 - t2, load: t4 - t3 },
    baseline,
  };
}

for (let i = 0; i < 3; i++) once(); // warm up
const runs = Array.from({ length: 7 }, once).sort((a, b) => a.total - b.total);
const median = runs[3]!;
for (const [k, v] of Object.entries(median.parts)) console.log(`${k.padEnd(9)} ${v.toFixed(2)} ms`);
console.log(`baseline  ${median.baseline.toFixed(2)} ms (JSON round trip of the bare messages)`);
console.log(`RESULT history ms_total=${median.total.toFixed(2)} baseline_ms=${median.baseline.toFixed(2)}`);
