// Child process for the benchmarks: a zero-latency scripted OpenAI-compatible
// server, so its CPU time is not billed to the client being measured.
// Each request is answered by how many tool results it already carries:
// 0 or 1 → one `echo` tool call, 2 → the final answer.
import { type RecordedRequest, startOpenAICompatibleServer } from '@kodama/testkit';

function reply(request: RecordedRequest) {
  const body = request.body as { messages?: { role: string }[] };
  const results = (body.messages ?? []).filter((m) => m.role === 'tool').length;
  if (results < 2) {
    return {
      toolCalls: [{ id: `call_${results}`, name: 'echo', arguments: { text: `step ${results}` } }],
      usage: { inputTokens: 120, outputTokens: 12 },
      chunkSize: 64,
    };
  }
  return { text: 'All done: step 0, step 1.', usage: { inputTokens: 160, outputTokens: 9 }, chunkSize: 64 };
}

const server = await startOpenAICompatibleServer({ script: reply, contextWindow: 32768 });
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
