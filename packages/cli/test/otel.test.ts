// KODAMA_OTEL=1: the command sends its Run's spans over OTLP/HTTP to the
// endpoint the standard variables name (a collector stand-in on 127.0.0.1).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const received: unknown[] = [];
const collector = createServer((req, res) => {
  let body = '';
  req.on('data', (d) => {
    body += d;
  });
  req.on('end', () => {
    if (req.url === '/v1/traces') received.push(JSON.parse(body));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let endpoint = '';
before(async () => {
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(collector.address() as { port: number }).port}/v1/traces`;
});
after(() => new Promise<void>((r) => collector.close(() => r())));

interface OtlpSpan {
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}
function spansOf(payloads: unknown[]): OtlpSpan[] {
  return payloads.flatMap((p) =>
    (p as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) => s.spans),
    ),
  );
}

test('KODAMA_OTEL=1 exports the Run as GenAI spans over OTLP/HTTP; without it nothing is sent', async () => {
  const server = await serve((request) => {
    const messages = (request.body as { messages: { role: string }[] }).messages;
    return messages.at(-1)?.role === 'tool'
      ? { text: '42' }
      : { toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] };
  });
  const args = [
    'ask',
    '--model',
    `openai-compatible:${server.url}/v1`,
    '--max-tokens',
    '300',
    '--no-skills',
    'what is 6*7?',
  ];
  const off = await runKodama(args, isolatedEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint }));
  assert.equal(off.code, 0, off.stderr);
  assert.equal(received.length, 0);

  const on = await runKodama(
    args,
    isolatedEnv({ KODAMA_OTEL: '1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint }),
  );
  assert.equal(on.code, 0, on.stderr);
  const spans = spansOf(received);
  assert.deepEqual(spans.map((s) => s.name).sort(), [
    'chat scripted-model',
    'chat scripted-model',
    'execute_tool calculator',
    'invoke_agent kodama',
  ]);
  const tool = spans.find((s) => s.name === 'execute_tool calculator')!;
  const attr = (name: string) => tool.attributes.find((a) => a.key === name)?.value;
  assert.deepEqual(attr('gen_ai.tool.name'), { stringValue: 'calculator' });
  assert.equal(attr('gen_ai.tool.call.arguments'), undefined, 'content stays out unless asked');
  // The chat spans carry what only the requests hold: the server, the output limit, the response id.
  const chat = spans.find((s) => s.name === 'chat scripted-model')!;
  const chatAttr = (name: string) => chat.attributes.find((a) => a.key === name)?.value;
  const port = Number(new URL(server.url).port);
  assert.deepEqual(chatAttr('server.address'), { stringValue: '127.0.0.1' });
  assert.deepEqual(chatAttr('server.port'), { intValue: port });
  assert.deepEqual(chatAttr('gen_ai.request.max_tokens'), { intValue: 300 });
  assert.match(String(chatAttr('gen_ai.response.id')?.stringValue), /^chatcmpl-testkit-\d+$/);
});

interface OtlpPayload {
  resourceSpans: {
    resource: { attributes: { key: string; value: Record<string, unknown> }[] };
    scopeSpans: { scope: { name: string }; schemaUrl?: string; spans: OtlpSpan[] }[];
  }[];
}

test('the resource: OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, host and process; never the prompt', async () => {
  received.length = 0;
  const server = await serve(() => ({ text: 'fine' }));
  const prompt = 'my secret prompt 7QX';
  const args = ['ask', '--model', `openai-compatible:${server.url}/v1`, '--no-skills', prompt];
  const base = { KODAMA_OTEL: '1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint };
  const named = await runKodama(
    args,
    isolatedEnv({
      ...base,
      OTEL_SERVICE_NAME: 'support-bot',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging,team=infra',
    }),
  );
  assert.equal(named.code, 0, named.stderr);
  const payload = received.at(-1) as OtlpPayload;
  const resource = payload.resourceSpans[0]!.resource.attributes;
  const value = (key: string) => resource.find((a) => a.key === key)?.value;
  assert.deepEqual(value('service.name'), { stringValue: 'support-bot' });
  assert.deepEqual(value('deployment.environment.name'), { stringValue: 'staging' });
  assert.deepEqual(value('team'), { stringValue: 'infra' });
  assert.ok(value('host.name'), 'the host detector ran');
  assert.ok(value('process.pid'), 'the process detector ran');
  assert.deepEqual(value('telemetry.sdk.language'), { stringValue: 'nodejs' });
  assert.equal(value('process.command_args'), undefined);
  assert.ok(!JSON.stringify(payload).includes('7QX'), 'the prompt is content: not in the resource or spans');
  assert.equal(payload.resourceSpans[0]!.scopeSpans[0]!.schemaUrl, 'https://opentelemetry.io/schemas/1.41.0');

  const plain = await runKodama(args, isolatedEnv(base));
  assert.equal(plain.code, 0, plain.stderr);
  const service = (received.at(-1) as OtlpPayload).resourceSpans[0]!.resource.attributes.find(
    (a) => a.key === 'service.name',
  );
  assert.deepEqual(service?.value, { stringValue: 'kodama' }, 'kodama by default, not unknown_service');
});
