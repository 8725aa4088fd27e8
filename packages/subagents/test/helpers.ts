// Shared wiring for the sub-agent tests: a scripted OpenAI-compatible server
// whose replies are chosen per request (parent or child, by system prompt),
// models over real HTTP, and small local tools.
import { after } from 'node:test';
import { defineTool, type Model, NONE, type TrifectaLegs } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import {
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedServer,
  startOpenAICompatibleServer,
} from '@kodama/testkit';
import { z } from 'zod';

/** One request as the server saw it, in the shape the tests reason about. */
export interface Wire {
  readonly system: string;
  /** The first user message's text (a sub-agent's task). */
  readonly task: string;
  readonly messages: readonly { role: string; content?: unknown; tool_call_id?: string }[];
  /** How many tool results the request carries. */
  readonly results: number;
  /** Names of the tools offered. */
  readonly tools: readonly string[];
}

export function wire(request: RecordedRequest): Wire {
  const body = request.body as {
    messages: { role: string; content?: unknown; tool_call_id?: string }[];
    tools?: { function: { name: string } }[];
  };
  const system = body.messages.find((m) => m.role === 'system')?.content;
  const task = body.messages.find((m) => m.role === 'user')?.content;
  return {
    system: typeof system === 'string' ? system : '',
    task: typeof task === 'string' ? task : '',
    messages: body.messages,
    results: body.messages.filter((m) => m.role === 'tool').length,
    tools: (body.tools ?? []).map((t) => t.function.name),
  };
}

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** A scripted server answering each request with `route(wire)`; closed after the file's tests. */
export async function routedServer(route: (w: Wire) => ScriptedReply): Promise<ScriptedServer> {
  const server = await startOpenAICompatibleServer({ script: (r) => route(wire(r)), contextWindow: 32768 });
  servers.push(server);
  return server;
}

/** A model for `server`, over real HTTP, without retries. */
export function modelOf(server: ScriptedServer): Promise<Model> {
  return resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
}

/** A tool named `name` that answers `<name>: <text>` after `gate()` resolves. */
export function probeTool(
  name: string,
  legs: TrifectaLegs = NONE,
  gate: () => Promise<void> = async () => {},
) {
  return defineTool({
    name,
    description: `Probe ${name}.`,
    parameters: z.object({ text: z.string() }),
    trifectaLegs: legs,
    execute: async ({ text }) => {
      await gate();
      return `${name}: ${text}`;
    },
  });
}

/** Usage every scripted reply reports, so sums are easy to check. */
export const USAGE = { inputTokens: 100, outputTokens: 10 } as const;
