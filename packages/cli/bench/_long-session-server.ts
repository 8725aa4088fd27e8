// Child process for long-session: a zero-latency scripted OpenAI-compatible
// server with a 32k window. A turn's first request gets a `read_note` call,
// the one after its result the answer; a request without tools is a
// compaction's summary. Usage reports the request's size (chars / 4), so the
// agent sees its window fill as a real server would say.
import { type RecordedRequest, startOpenAICompatibleServer } from '@kodama/testkit';

function reply(request: RecordedRequest) {
  const body = request.body as { messages?: { role: string }[]; tools?: unknown[] };
  const inputTokens = Math.ceil(JSON.stringify(body).length / 4);
  if (!body.tools || body.tools.length === 0)
    return {
      text: 'Summary: notes were read, one per turn; nothing is pending.',
      usage: { inputTokens, outputTokens: 12 },
    };
  const last = body.messages?.at(-1);
  if (last?.role === 'tool')
    return { text: 'Noted. The note is read.', usage: { inputTokens, outputTokens: 6 }, chunkSize: 8 };
  return {
    toolCalls: [{ name: 'read_note', arguments: { n: request.callIndex } }],
    usage: { inputTokens, outputTokens: 10 },
  };
}

const server = await startOpenAICompatibleServer({ script: reply, contextWindow: 32768 });
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
