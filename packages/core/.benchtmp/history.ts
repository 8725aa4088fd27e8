// Export + serialize + parse + load of a 10,000-message conversation (target: < 100 ms in total).
// Baseline in the same run: JSON.stringify + JSON.parse of the same messages with no checks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { History, type HistoryMessage } from '@kodama/core';

function conversation(size: number): HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  for (let i = 0; messages.length < size; i++) {
    const usage = { inputTokens: 1000 + i, outputTokens: 50, cacheReadTokens: 900, cacheWriteTokens: undefined, reasoningTokens: 10 };
    messages.push({ id: `u${i}`, kind: 'user', message: { role: 'user', content: `Please look at src/file${i}.ts and explain it.` } });
    messages.push({
      id: `a${i}`, kind: 'assistant', modelId: 'openai:gpt-5', usage,
      message: { role: 'assistant', text: '', reasoning: 'I should read the file first.', toolCalls: [{ id: `call_${i}`, name: 'read', arguments: `{"path":"src/file${i}.ts"}` }] },
    });
    messages.push({ id: `t${i}`, kind: 'tool', message: { role: 'tool', toolCallId: `call_${i}`, toolName: 'read', content: 'export const x = 1;\n'.repeat(10) } });
    messages.push({ id: `b${i}`, kind: 'assistant', modelId: 'openai:gpt-5', usage, message: { role: 'assistant', text: 'It exports a constant named x.', toolCalls: [] } });
  }
  return messages.slice(0, size);
}

const SIZE = 10_000;
const ROUNDS = 15;
const messages = conversation(SIZE);
const dir = await mkdtemp(join(tmpdir(), 'kodama-bench-history-'));
const file = join(dir, 'conv.json');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const t = { export: [] as number[], serialize: [] as number[], parse: [] as number[], load: [] as number[], baseline: [] as number[] };
let bytes = 0;
for (let round = 0; round < ROUNDS + 3; round++) {
  globalThis.gc?.();
  const warm = round >= 3;
  let start = performance.now();
  const history = new History(messages);
  const exported = performance.now() - start;
  start = performance.now();
  const text = history.serialize();
  const serialized = performance.now() - start;
  start = performance.now();
  const parsed = History.parse(text);
  const parsedMs = performance.now() - start;
  await history.save(file);
  start = performance.now();
  const loaded = await History.load(file);
  const loadedMs = performance.now() - start;
  start = performance.now();
  JSON.parse(JSON.stringify(messages));
  const baseline = performance.now() - start;
  if (!parsed.equals(history) || !loaded.equals(history)) throw new Error('round trip failed');
  bytes = text.length;
  if (warm) {
    t.export.push(exported);
    t.serialize.push(serialized);
    t.parse.push(parsedMs);
    t.load.push(loadedMs);
    t.baseline.push(baseline);
  }
}
await rm(dir, { recursive: true, force: true });
const total = median(t.export) + median(t.serialize) + median(t.parse) + median(t.load);
const f = (n: number) => n.toFixed(2);
console.log(`${SIZE} messages, ${(bytes / 1e6).toFixed(2)} MB document, median of ${ROUNDS} rounds`);
console.log(
  `RESULT history messages=${SIZE} export_ms=${f(median(t.export))} serialize_ms=${f(median(t.serialize))} parse_ms=${f(median(t.parse))} load_ms=${f(median(t.load))} total_ms=${f(total)} baseline_stringify_parse_ms=${f(median(t.baseline))}`,
);
