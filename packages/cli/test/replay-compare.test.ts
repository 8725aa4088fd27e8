// kodama replay's pieces in-process: the step comparison, the script an answer becomes, the
// cost of each side (a priced recording), and a script that runs out.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryMessage } from '@kodama/core/history';
import { divergence } from '../src/replay/compare-step.ts';
import { recordedSteps } from '../src/replay/recording.ts';
import { jsonReport, textReport } from '../src/replay/replay-report.ts';
import { replaySession } from '../src/replay/replay-session.ts';
import { scriptAnswerOf } from '../src/replay/script-answer.ts';
import { ScriptModel } from '../src/replay/script-model.ts';

const call = (name: string, args: string) => ({ id: 'c1', name, arguments: args });
const step = (toolCalls: ReturnType<typeof call>[], text = '') => ({ text, toolCalls });

test('arguments compare as JSON values; another tool, another count, other text each diverge', () => {
  const ls = step([call('bash', '{"command":"ls","timeout":5}')]);
  assert.equal(divergence(ls, step([call('bash', '{ "timeout": 5, "command": "ls" }')])), undefined);
  assert.equal(
    divergence(ls, step([{ ...call('bash', '{"command":"ls","timeout":5}'), id: 'other' }])),
    undefined,
  );
  assert.equal(divergence(ls, step([call('bash', '{"command":"ls -a","timeout":5}')]))?.kind, 'arguments');
  assert.equal(divergence(ls, step([call('read', '{"path":"ls"}')]))?.kind, 'tool');
  assert.equal(
    divergence(ls, step([call('bash', '{"command":"ls","timeout":5}'), call('bash', '{}')]))?.kind,
    'tool',
  );
  assert.equal(divergence(ls, step([], 'done'))?.kind, 'tool');
  assert.equal(divergence(step([call('bash', '{bad')]), step([call('bash', '{bad')])), undefined);
  assert.equal(divergence(step([call('bash', '{bad')]), step([call('bash', '{bad ')]))?.kind, 'arguments');
  assert.deepEqual(divergence(step([], 'a'), step([], 'b')), {
    kind: 'answer',
    recorded: 'answer "a"',
    replayed: 'answer "b"',
  });
});

test('a recorded answer becomes a script answer that plays back the same arguments text', () => {
  const spaced = '{ "command": "ls" }';
  const answer = scriptAnswerOf(
    {
      role: 'assistant',
      text: '',
      reasoning: 'think',
      toolCalls: [call('bash', '{"command":"ls"}'), call('bash', spaced)],
    },
    {
      inputTokens: 5,
      outputTokens: 2,
      cacheReadTokens: undefined,
      cacheWriteTokens: undefined,
      reasoningTokens: undefined,
    },
  );
  assert.deepEqual(answer, {
    reasoning: 'think',
    toolCalls: [
      { id: 'c1', name: 'bash', arguments: { command: 'ls' } },
      { id: 'c1', name: 'bash', arguments: spaced },
    ],
    usage: { inputTokens: 5, outputTokens: 2 },
  });
});

const usage = (inputTokens: number, outputTokens: number) => ({
  inputTokens,
  outputTokens,
  cacheReadTokens: undefined,
  cacheWriteTokens: undefined,
  reasoningTokens: undefined,
});
const history: HistoryMessage[] = [
  { id: 'u1', kind: 'user', message: { role: 'user', content: 'list' } },
  {
    id: 'a1',
    kind: 'assistant',
    usage: usage(1000, 100),
    message: { role: 'assistant', text: '', toolCalls: [call('bash', '{"command":"ls"}')] },
  },
  { id: 't1', kind: 'tool', message: { role: 'tool', toolCallId: 'c1', toolName: 'bash', content: 'a b' } },
  {
    id: 'a2',
    kind: 'assistant',
    usage: usage(2000, 50),
    message: { role: 'assistant', text: 'a and b', toolCalls: [] },
  },
  { id: 'u2', kind: 'user', message: { role: 'user', content: 'again' } },
  {
    id: 'a3',
    kind: 'assistant',
    usage: usage(3000, 10),
    message: { role: 'assistant', text: 'still a and b', toolCalls: [] },
  },
];
const price = { inputPerMTok: 2, outputPerMTok: 8 };

test('turns and steps of a recording; each step asked with the recorded conversation before it', async () => {
  const steps = recordedSteps(history);
  assert.deepEqual(
    steps.map((s) => [s.turn, s.step, s.conversation.length]),
    [
      [1, 1, 1],
      [1, 2, 3],
      [2, 1, 5],
    ],
  );
  const answers = steps.map((s) => scriptAnswerOf(s.answer, s.usage));
  const model = new ScriptModel(answers, {
    provider: 'openai',
    modelId: 'gpt-4.1',
    capabilities: { prices: price },
  });
  const result = await replaySession({
    steps,
    model,
    system: 's',
    tools: [],
    recordedPrice: price,
    signal: new AbortController().signal,
  });
  assert.equal(result.divergence, undefined);
  assert.equal(result.steps.length, 3);
  // 1000 in at $2/M + 100 out at $8/M.
  assert.equal(result.steps[0]?.recordedSpend.cost, 0.0028);
  assert.deepEqual(result.steps[0]?.replayedSpend, result.steps[0]?.recordedSpend);
  assert.deepEqual(result.answers, answers);
});

test('a script that runs out is the model failing at the next step, reported with what was replayed', async () => {
  const steps = recordedSteps(history);
  const model = new ScriptModel(
    steps.slice(0, 2).map((s) => scriptAnswerOf(s.answer, s.usage)),
    { provider: 'scripted', modelId: 'x' },
  );
  const result = await replaySession({
    steps,
    model,
    system: 's',
    tools: [],
    recordedPrice: price,
    signal: new AbortController().signal,
  });
  assert.equal(result.steps.length, 2);
  assert.deepEqual(result.error, { turn: 2, step: 1, message: 'the script has 2 answers; step 3 has none' });
  assert.equal(result.notReplayed, 1);
  assert.equal(result.steps[0]?.replayedSpend.cost, undefined, 'an unpriced model costs "unknown", not 0');
});

test("the report shows a session's escape sequences as text, never as terminal commands", async () => {
  const hostile: HistoryMessage[] = [
    { id: 'u1', kind: 'user', message: { role: 'user', content: 'hi' } },
    {
      id: 'a1',
      kind: 'assistant',
      message: {
        role: 'assistant',
        text: 'ok\u001b]0;pwned\u0007\u001b[2J',
        toolCalls: [{ id: 'c1', name: 'bash\u001b[2J', arguments: '{bad\u001b]0;x\u0007' }],
      },
    },
  ];
  const steps = recordedSteps(hostile);
  const model = new ScriptModel([{ text: 'other\u001b[31m' }], { provider: 'scripted', modelId: 'x' });
  const result = await replaySession({
    steps,
    model,
    system: 's',
    tools: [],
    recordedPrice: undefined,
    signal: new AbortController().signal,
  });
  const sides = { session: 's\u001b[2J', recordedModel: undefined, model: 'scripted:x', recordedSteps: 1 };
  const text = textReport(result, sides);
  assert.doesNotMatch(text, /\u001b|\u0007/);
  assert.match(text, /diverged at turn 1 step 1: recorded bash \{bad, replayed answer "other\\u001b\[31m"\n/);
  assert.doesNotMatch(jsonReport(result, sides), /\u001b|\u0007/);
});
