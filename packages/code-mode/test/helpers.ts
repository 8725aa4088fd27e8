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

/** One tool call the scripted model makes. */
export interface Call {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/**
 * A model over HTTP that answers its i-th request with `steps[i]` (one call,
 * or a batch of calls), then "done".
 */
export async function scriptedModel(
  steps: readonly (Call | readonly Call[])[],
): Promise<{ model: Model; requests: Wire[] }> {
  const requests: Wire[] = [];
  const server = await startOpenAICompatibleServer({
    script: (request: RecordedRequest) => {
      const w = wire(request);
      requests.push(w);
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

/** What one `exec` (or `wait`, `stop`) answered, parsed. */
export interface Report {
  readonly status: string;
  readonly output: string;
  readonly value?: unknown;
  readonly error?: string;
  readonly tool_calls: number;
}

/** What a test agent is built with. */
export interface Setup {
  readonly tools: readonly AnyTool[];
  readonly codeMode?: CodeModeOptions;
  readonly extensions?: readonly Extension[];
  readonly agent?: Partial<AgentOptions>;
}

/** Runs one turn in which the model runs `programs` with `exec`, in order; returns the parsed reports. */
export function runPrograms(
  programs: readonly string[],
  setup: Setup,
): Promise<{ reports: Report[]; requests: Wire[]; agent: Agent }> {
  return runCalls(
    programs.map((source) => ({ name: 'exec', arguments: { source } })),
    setup,
  );
}

/** Runs one turn in which the model makes `steps` (exec, wait, stop calls), in order; returns the parsed reports. */
export async function runCalls(
  steps: readonly (Call | readonly Call[])[],
  setup: Setup,
): Promise<{ reports: Report[]; requests: Wire[]; agent: Agent }> {
  const { model, requests } = await scriptedModel(steps);
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
  return { reports: last.results.map(parseReport), requests, agent };
}

/** A control tool's answer: its JSON report, or (a refused call) `{ status: 'refused', error }` with the text. */
function parseReport(text: string): Report {
  try {
    return JSON.parse(text) as Report;
  } catch {
    return { status: 'refused', output: '', error: text, tool_calls: 0 };
  }
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
