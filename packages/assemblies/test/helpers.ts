// Shared wiring for the assembly tests: one scripted OpenAI-compatible server
// per test file answering each agent by its system prompt ("You are <name>."),
// agents over real HTTP through @kodama/models.
import { after } from 'node:test';
import { Agent, type AnyTool, type Model, type RunEvent } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import {
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedServer,
  startOpenAICompatibleServer,
} from '@kodama/testkit';

/** One request as an agent's script sees it. */
export interface Call {
  /** The agent's name, from its system prompt. */
  readonly agent: string;
  /** The last user message's text. */
  readonly task: string;
  /** Every message of the request. */
  readonly messages: readonly { role: string; content?: unknown }[];
  /** How many tool results the request carries. */
  readonly results: number;
  /** Names of the tools offered. */
  readonly tools: readonly string[];
}

export function callOf(request: RecordedRequest): Call {
  const body = request.body as {
    messages: { role: string; content?: unknown }[];
    tools?: { function: { name: string } }[];
  };
  const system = String(body.messages.find((m) => m.role === 'system')?.content ?? '');
  const users = body.messages.filter((m) => m.role === 'user');
  const task = users.at(-1)?.content;
  return {
    agent: /You are ([\w-]+)\./.exec(system)?.[1] ?? '?',
    task: typeof task === 'string' ? task : JSON.stringify(task),
    messages: body.messages,
    results: body.messages.filter((m) => m.role === 'tool').length,
    tools: (body.tools ?? []).map((t) => t.function.name),
  };
}

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** Usage every scripted reply reports unless told otherwise, so sums are easy to check. */
export const USAGE = { inputTokens: 100, outputTokens: 10 } as const;

/** A scripted server answering each call with `route(call)`; closed after the file's tests. */
export async function server(route: (call: Call) => ScriptedReply): Promise<ScriptedServer> {
  const s = await startOpenAICompatibleServer({ script: (r) => route(callOf(r)), contextWindow: 32768 });
  servers.push(s);
  return s;
}

/** A model for `s`, over real HTTP, without retries. */
export function modelOf(s: ScriptedServer): Promise<Model> {
  return resolveModel(`openai-compatible:${s.url}/v1@scripted-model`, { maxRetries: 0 });
}

/** An agent called `name` (its system prompt says so, which is how the server routes it). */
export function agent(model: Model, name: string, tools: readonly AnyTool[] = []): Agent {
  return new Agent({
    model,
    id: name,
    systemPrompt: `You are ${name}.`,
    streaming: true,
    configure: (c) => {
      for (const t of tools) c.addTool(t);
    },
  });
}

/** Every event of a streamed Run, and the finished Run. */
export async function collect<R>(
  stream: AsyncIterable<RunEvent> & { run: Promise<R> },
): Promise<{ events: RunEvent[]; run: R }> {
  const events: RunEvent[] = [];
  for await (const event of stream) events.push(event);
  return { events, run: await stream.run };
}

/** The agents whose own events reached the public stream (not nested). */
export function publicAgents(events: readonly RunEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) if (e.type !== 'agent-stream' && 'agentId' in e) ids.add(e.agentId);
  return [...ids];
}
