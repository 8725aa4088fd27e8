// Shared wiring for the tool-search tests: a real agent whose model is the
// testkit's scripted OpenAI-compatible server over HTTP, so each test reads
// the request bodies exactly as the provider received them.
import { after } from 'node:test';
import {
  Agent,
  type AgentOptions,
  type AnyTool,
  defineTool,
  type Extension,
  type Model,
  NONE,
} from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { type RecordedRequest, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';

const servers: ScriptedServer[] = [];
const agents: Agent[] = [];
after(async () => {
  for (const a of agents) await a.close();
  await Promise.all(servers.map((s) => s.close()));
});

/** A request body as the provider received it. */
export interface Wire {
  /** The system prompt text. */
  readonly system: string;
  /** The `tools` array exactly as sent (JSON values). */
  readonly tools: readonly unknown[];
  /** The tool names, in order. */
  readonly names: readonly string[];
  /** Each tool's description by name. */
  readonly descriptions: ReadonlyMap<string, string>;
  /** The tool results so far (content text), oldest first. */
  readonly results: readonly string[];
  /** The user-role messages so far (JSON of their content), oldest first. */
  readonly users: readonly string[];
}

interface Body {
  messages: { role: string; content?: unknown }[];
  tools?: { function: { name: string; description: string } }[];
}

function wire(request: RecordedRequest): Wire {
  const body = request.body as Body;
  const system = body.messages.find((m) => m.role === 'system')?.content;
  const tools = body.tools ?? [];
  return {
    system: typeof system === 'string' ? system : JSON.stringify(system),
    tools,
    names: tools.map((t) => t.function.name),
    descriptions: new Map(tools.map((t) => [t.function.name, t.function.description])),
    results: body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content)),
    users: body.messages.filter((m) => m.role === 'user').map((m) => JSON.stringify(m.content)),
  };
}

/** One tool call the scripted model makes. */
export interface Call {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** A model over HTTP that answers its i-th request with `steps[i]` (a call or a batch), then "done". */
export async function scriptedModel(
  steps: readonly (Call | readonly Call[])[],
): Promise<{ model: Model; requests: Wire[] }> {
  const requests: Wire[] = [];
  const server = await startOpenAICompatibleServer({
    script: (request: RecordedRequest) => {
      requests.push(wire(request));
      const step = steps[requests.length - 1];
      const usage = { inputTokens: 100, outputTokens: 10 };
      if (!step) return { text: 'done', usage };
      const batch = Array.isArray(step) ? step : [step];
      return { toolCalls: batch.map((c, i) => ({ id: `call_${requests.length}_${i}`, ...c })), usage };
    },
  });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  return { model, requests };
}

/** A tool with a JSON schema and a recorded call log. */
export function tool(
  name: string,
  description: string,
  properties: Record<string, unknown> = {},
): AnyTool & { calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  const t = defineTool({
    name,
    description,
    parameters: { type: 'object', properties, required: Object.keys(properties) },
    trifectaLegs: NONE,
    execute: async (args: Record<string, unknown>) => {
      calls.push(args);
      return `${name} ran with ${JSON.stringify(args)}`;
    },
  }) as AnyTool;
  return Object.assign({ ...t }, { calls });
}

const AREAS = [
  ['calendar', 'event', 'Creates, moves and lists calendar events for the signed-in user'],
  ['crm', 'contact', 'Reads and updates customer records in the CRM'],
  ['billing', 'invoice', 'Issues, voids and lists invoices and payments'],
  ['github', 'issue', 'Opens, comments on and closes issues and pull requests in a repository'],
  ['weather', 'forecast', 'Current conditions and multi-day forecasts for a city'],
  ['storage', 'bucket', 'Uploads, downloads and lists objects in a storage bucket'],
] as const;
const VERBS = [
  'create',
  'get',
  'list',
  'update',
  'delete',
  'search',
  'export',
  'archive',
  'share',
  'sync',
] as const;

/**
 * A realistic catalog of `AREAS × VERBS` (60) tools, shaped like the tools an
 * MCP server lists: a prefixed name, a few sentences, four parameters.
 */
export function catalog(): (AnyTool & { calls: Record<string, unknown>[] })[] {
  return AREAS.flatMap(([area, noun, what]) =>
    VERBS.map((verb) =>
      tool(
        `${area}__${verb}_${noun}`,
        `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun}. ${what}. ` +
          `Returns the ${noun} as JSON with its id, owner, timestamps and status; fails when the caller lacks access. ` +
          'Use it only when the user asked for it.',
        {
          id: { type: 'string', description: `The ${noun} id (omit to act on all matching).` },
          owner: { type: 'string', description: 'Who owns it: an email address or a team name.' },
          filter: {
            type: 'string',
            description: 'A filter expression, e.g. status:open created>2024-01-01.',
          },
          limit: { type: 'integer', minimum: 1, maximum: 100, description: 'At most this many results.' },
        },
      ),
    ),
  );
}

/** What a test agent is built with. */
export interface Setup {
  readonly tools?: readonly AnyTool[];
  /** Added in order; tool search is usually last. */
  readonly extensions: readonly Extension[];
  readonly agent?: Partial<AgentOptions>;
}

/** A built agent over `model` (closed after the file's tests). */
export function agentOf(model: Model, setup: Setup): Agent {
  const agent = new Agent({
    model,
    systemPrompt: 'You are a test agent.',
    ...setup.agent,
    configure: (c) => {
      for (const t of setup.tools ?? []) c.addTool(t);
      for (const ext of setup.extensions) c.addExtension(ext);
    },
  });
  agents.push(agent);
  return agent;
}

/** Runs one `ask` and fails unless it completed. */
export async function ask(agent: Agent, text = 'go'): Promise<void> {
  const run = await agent.ask(text);
  if (run.outcome !== 'completed') throw new Error(`run ended ${run.outcome}: ${String(run.error)}`);
}
