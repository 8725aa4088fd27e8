// The attribute tables of docs/otel.md, from a real Run: a kodama agent on the
// testkit's OpenAI-compatible server (real HTTP through @kodama/models' chat-completions adapter),
// one tool call then an answer, content capture off, recorded by the SDK's
// in-memory exporter. `docs-table.test.ts` checks the page holds exactly
// these; print them with
// `node --conditions=@kodama/source --import tsx packages/otel/test/support/attribute-table.ts`.
import { Agent, defineTool, NONE } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { startOpenAICompatibleServer } from '@kodama/testkit';
import { SpanKind } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { z } from 'zod';
import { otelModel, otelObserver } from '../../src/index.ts';

/** Values that differ from run to run, shown as placeholders. */
const VARYING: Readonly<Record<string, string>> = {
  'kodama.run.id': '<run id>',
  'gen_ai.conversation.id': '<session id>',
  'server.port': '<port>',
};

/** The three tables (chat, tool, agent span) as Markdown. */
export async function attributeTables(): Promise<string> {
  const server = await startOpenAICompatibleServer({
    script: (request) => {
      const usage = { inputTokens: 120, outputTokens: 30, cacheReadTokens: 80, reasoningTokens: 12 };
      const answered = (request.body as { messages: { role: string }[] }).messages.some(
        (m) => m.role === 'tool',
      );
      return answered
        ? { text: 'It is 42.', usage }
        : { toolCalls: [{ id: 'call-1', name: 'calculator', arguments: { expression: '6*7' } }], usage };
    },
  });
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  try {
    const calculator = defineTool({
      name: 'calculator',
      description: 'Evaluates arithmetic.',
      parameters: z.object({ expression: z.string() }),
      trifectaLegs: NONE,
      execute: () => '42',
    });
    const model = await resolveModel(`openai-compatible:${server.url}/v1@qwen3-8b`, { maxRetries: 0 });
    const agent = new Agent({
      model: otelModel(model, { serverUrl: server.url }),
      systemPrompt: 'You do sums.',
      configure: (c) => c.addTool(calculator),
    });
    const observer = otelObserver({
      tracer: provider.getTracer('docs'),
      agentName: 'calculator-bot',
      semconvOptIn: '',
    });
    const run = await agent.ask('what is 6*7?', { observers: [observer] });
    if (run.outcome !== 'completed') throw new Error(`the Run ${run.outcome}: ${String(run.error)}`);
    const spans = exporter.getFinishedSpans();
    const first = (prefix: string) => spans.find((s) => s.name.startsWith(prefix))!;
    return [first('chat '), first('execute_tool '), first('invoke_agent ')].map(table).join('\n');
  } finally {
    await provider.shutdown();
    await server.close();
  }
}

function table(span: ReadableSpan): string {
  const rows = Object.entries(span.attributes).map(
    ([key, value]) => `| \`${key}\` | \`${VARYING[key] ?? JSON.stringify(value)}\` |`,
  );
  const kind = SpanKind[span.kind];
  return [
    `\`${span.name}\` (${kind}, status ${span.status.code === 2 ? 'ERROR' : 'UNSET'})`,
    '',
    '| attribute | value |',
    '| --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(await attributeTables());
