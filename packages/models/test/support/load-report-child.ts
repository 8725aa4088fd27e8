// Child process of lazy-ai-sdk.test.ts: records every module resolved while
// resolving and streaming from an OpenAI-compatible target and running
// discovery, then (as a check that the recording works) while resolving an
// Anthropic target. Prints { local, hosted } as JSON: the URLs of each phase.
import { readFileSync } from 'node:fs';
import { register } from 'node:module';

const file = process.argv[2]!;
register(new URL('./record-resolved-urls.mjs', import.meta.url), { data: { file } });
const recorded = (): string[] => readFileSync(file, 'utf8').split('\n').filter(Boolean);

const { discoverDefaultModel, resolveModel } = await import('@kodama/models');
const { startOpenAICompatibleServer } = await import('@kodama/testkit');
const server = await startOpenAICompatibleServer({ script: () => ({ text: 'ok' }) });
const port = Number(new URL(server.url).port);
const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`);
for await (const _ of model.stream({ messages: [{ role: 'user', content: 'hi' }] })) {
  // drain
}
await discoverDefaultModel({ env: {}, probePorts: { llamacpp: port, ollama: port, lmstudio: port } });
const local = recorded();
await resolveModel('anthropic:claude-sonnet-4-5', { env: { ANTHROPIC_API_KEY: 'k' } });
const hosted = recorded().slice(local.length);
await server.close();
process.stdout.write(JSON.stringify({ local, hosted }));
