// Child process for subagent-fanout: a zero-latency scripted server. The
// parent's first request gets 50 `agent` calls and its second a final answer;
// a SEEKER request gets a `probe` call, then (after its result) an answer;
// anything else (the baseline's bracketing calls) gets a short answer.
import { type RecordedRequest, startOpenAICompatibleServer } from '@kodama/testkit';

export const CHILDREN = 50;
const usage = { inputTokens: 100, outputTokens: 10 };

function reply(request: RecordedRequest) {
  const body = request.body as { messages: { role: string; content?: unknown }[] };
  const system = String(body.messages[0]?.content ?? '');
  const results = body.messages.filter((m) => m.role === 'tool').length;
  if (system.startsWith('You are SEEKER.')) {
    if (results === 0) return { toolCalls: [{ name: 'probe', arguments: { text: 'x' } }], usage };
    return { text: 'found it', usage };
  }
  if (system.startsWith('You are the parent.') && results === 0) {
    const toolCalls = Array.from({ length: CHILDREN }, (_, i) => ({
      name: 'agent',
      arguments: { name: 'seeker', task: `task ${i}` },
    }));
    return { toolCalls, usage };
  }
  return { text: 'done', usage };
}

const server = await startOpenAICompatibleServer({ script: reply, contextWindow: 32768 });
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
