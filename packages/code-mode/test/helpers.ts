// Shared wiring for the code-mode tests: a real agent whose model is the
// testkit's scripted OpenAI-compatible server over HTTP. The script answers
// each request with the next `exec` program (or text once they are used up),
// so a test reads what each exec returned exactly as the model did.
import { after } from 'node:test';
import {
  Agent,
  type AgentOptions,
  type AnyTool,
  defineTool,
  type Extension,
  type Model,
  NONE,
  type TrifectaLegs,
} from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { type RecordedRequest, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { type CodeModeOptions, codeMode } from '../src/index.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** A request as the tests read it. */
export interface Wire {
  readonly system: string;
  readonly tools: readonly string[];
  /** The tool results so far (content text), oldest first. */
  readonly results: readonly string[];
}

function wire(request: RecordedRequest): Wire {
  const body = request.body as {
    messages: { role: string; content?: unknown }[];
    tools?: { function: { name: string } }[];
  };
  const system = body.messages.find((m) => m.role === 'system')?.content;
  return {
    system: typeof system === 'string' ? system : '',
    tools: (body.tools ?? []).map((t) => t.function.name),
    results: body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content)),
  };
}

/** A model over HTTP that calls `calls[i]` once `i` results came back, then answers "done". */
export async function scriptedModel(
  calls: readonly { name: string; arguments: Record<string, unknown> }[],
): Promise<{ model: Model; requests: Wire[] }> {
  const requests: Wire[] = [];
  const server = await startOpenAICompatibleServer({
    script: (request: RecordedRequest) => {
      const w = wire(request);
      requests.push(w);
      const next = calls[w.results.length];
      const usage = { inputTokens: 100, outputTokens: 10 };
      return next
        ? { toolCalls: [{ id: `call_${w.results.length + 1}`, ...next }], usage }
        : { text: 'done', usage };
    },
  });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  return { model, requests };
}

/** What one `exec` (or `wait`, `stop`) answered, parsed. */
export interface Report {
  readonly status: string;
  readonly output: string;
  readonly value?: unknown;
  readonly error?: string;
  readonly tool_calls: number;
}

/** Runs one turn in which the model runs `programs` with `exec`, in order; returns the parsed reports. */
export async function runPrograms(
  programs: readonly string[],
  setup: {
    tools: readonly AnyTool[];
    codeMode?: CodeModeOptions;
    extensions?: readonly Extension[];
    agent?: Partial<AgentOptions>;
  },
): Promise<{ reports: Report[]; requests: Wire[]; agent: Agent }> {
  const { model, requests } = await scriptedModel(
    programs.map((source) => ({ name: 'exec', arguments: { source } })),
  );
  const agent = new Agent({
    model,
    systemPrompt: 'You are a test agent.',
    ...setup.agent,
    configure: (c) => {
      for (const tool of setup.tools) c.addTool(tool);
      for (const ext of setup.extensions ?? []) c.addExtension(ext);
      c.addExtension(codeMode(setup.codeMode));
    },
  });
  const run = await agent.ask('go');
  if (run.outcome !== 'completed') throw new Error(`run ended ${run.outcome}: ${String(run.error)}`);
  const last = requests[requests.length - 1]!;
  return { reports: last.results.map((r) => JSON.parse(r) as Report), requests, agent };
}

/** A tool with a JSON schema and a recorded call log. */
export function tool(
  name: string,
  properties: Record<string, unknown>,
  execute: (args: Record<string, unknown>) => unknown,
  legs: TrifectaLegs = NONE,
): AnyTool & { calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  const t = defineTool({
    name,
    description: `The ${name} tool.`,
    parameters: { type: 'object', properties, required: Object.keys(properties) },
    trifectaLegs: legs,
    execute: async (args: Record<string, unknown>) => {
      calls.push(args);
      const out = await execute(args);
      return typeof out === 'string' ? out : JSON.stringify(out);
    },
  }) as AnyTool;
  return Object.assign({ ...t }, { calls });
}
