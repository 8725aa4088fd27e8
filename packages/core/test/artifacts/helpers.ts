// Shared wiring for the artifact tests: an agent over the real openai-compatible
// provider, against the testkit's scripted server over HTTP.
import { resolveModel } from '@kodama/models';
import { type Script, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import type { ModelCapabilities } from '../../src/entries/model.ts';
import {
  Agent,
  type AgentOptions,
  type AnyTool,
  type ArtifactOptions,
  defineTool,
  NONE,
  type TrifectaLegs,
} from '../../src/index.ts';

/** A request body as the server recorded it. */
export interface ChatBody {
  readonly messages: readonly { role: string; content?: unknown; tool_call_id?: string }[];
  readonly tools?: readonly { function: { name: string } }[];
}

const servers: ScriptedServer[] = [];

/** Closes every server the tests started. */
export async function closeServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.close()));
}

/** An agent keeping artifacts, over a scripted server; `bodies()` are the requests the server received. */
export async function agentOverHttp(
  script: Script,
  tools: readonly AnyTool[],
  options: {
    artifacts?: ArtifactOptions | boolean;
    capabilities?: ModelCapabilities;
    agent?: Partial<AgentOptions>;
  } = {},
): Promise<{ agent: Agent; server: ScriptedServer; bodies: () => ChatBody[] }> {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    maxRetries: 0,
    ...(options.capabilities ? { capabilities: options.capabilities } : {}),
  });
  const agent = new Agent({
    model,
    systemPrompt: 'You read large results in ranges.',
    artifacts: options.artifacts ?? true,
    ...options.agent,
    configure: (c) => {
      for (const tool of tools) c.addTool(tool);
    },
  });
  return { agent, server, bodies: () => server.modelCalls.map((c) => c.body as ChatBody) };
}

/** A tool without arguments returning `result` (or what `result()` returns). */
export function constantTool(
  name: string,
  result: string | (() => string | Promise<string>),
  legs: TrifectaLegs = NONE,
): AnyTool {
  return defineTool({
    name,
    description: `Returns a fixed ${name} result.`,
    parameters: { type: 'object', properties: {} },
    trifectaLegs: legs,
    execute: () => (typeof result === 'string' ? result : result()),
  });
}

/** `n` characters of numbered lines, so any range says where it came from. */
export function numberedText(n: number): string {
  let text = '';
  for (let i = 0; text.length < n; i++) text += `line ${String(i).padStart(6, '0')}: some log output\n`;
  return text.slice(0, n);
}

/** The tool messages of a request, in order. */
export function toolMessages(body: ChatBody): { content: string; id: string | undefined }[] {
  return body.messages
    .filter((m) => m.role === 'tool')
    .map((m) => ({ content: String(m.content), id: m.tool_call_id }));
}

/** The ref a preview names. */
export function refIn(text: string): string {
  const ref = /art_[0-9a-f]{32}/.exec(text)?.[0];
  if (!ref) throw new Error(`no artifact ref in: ${text.slice(-400)}`);
  return ref;
}
