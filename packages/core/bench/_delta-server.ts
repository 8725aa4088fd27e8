// Child process for concurrent-runs: a zero-latency scripted OpenAI-compatible
// server whose every answer streams 20 one-character text deltas. A request
// with fewer than two tool results gets 20 deltas plus an `echo` call; then
// the final answer.
import { type RecordedRequest, startOpenAICompatibleServer } from '@kodama/testkit';

const TEXT = 'abcdefghijklmnopqrst'; // 20 characters, one per delta

function reply(request: RecordedRequest) {
  const body = request.body as { messages?: { role: string }[] };
  const results = (body.messages ?? []).filter((m) => m.role === 'tool').length;
  const usage = { inputTokens: 120, outputTokens: 20 };
  if (results < 2) {
    const toolCalls = [{ id: `call_${results}`, name: 'echo', arguments: { text: `step ${results}` } }];
    return { text: TEXT, toolCalls, usage, chunkSize: 1 };
  }
  return { text: TEXT, usage, chunkSize: 1 };
}

const server = await startOpenAICompatibleServer({ script: reply, contextWindow: 32768 });
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
