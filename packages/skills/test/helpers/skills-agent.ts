// An agent with the skills extension and the real file tools over a real project folder, talking to
// the testkit's scripted OpenAI-compatible server over HTTP.
import { after } from 'node:test';
import { Agent, type AnyTool } from '@kodama/core';
import type { Configurator } from '@kodama/core/extensions';
import { InMemoryEventList } from '@kodama/core/listeners';
import { resolveModel } from '@kodama/models';
import { type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { autoApprove, type Confirmer, Workspace, workspaceTools } from '@kodama/workspace';
import { loadSkillCatalog, SkillsExtension } from '../../src/index.ts';

type Script = Parameters<typeof startOpenAICompatibleServer>[0]['script'];

const servers: ScriptedServer[] = [];
const agents: Agent[] = [];
after(async () => {
  await Promise.all(agents.map((a) => a.close()));
  await Promise.all(servers.map((s) => s.close()));
});

/** What {@link skillsAgent} built. */
export interface SkillsAgent {
  readonly agent: Agent;
  readonly server: ScriptedServer;
  readonly extension: SkillsExtension;
  readonly events: InMemoryEventList;
  readonly tools: readonly AnyTool[];
}

/** Where the agent works, and what else to configure. */
export interface SkillsAgentOptions {
  readonly root: string;
  readonly home: string;
  /** Asks before overwrites; default approve. */
  readonly confirmer?: Confirmer;
  /** More tools, extensions, listeners. */
  readonly configure?: (c: Configurator) => void;
}

/** A scripted server and an agent over `root` with skills from `root` and `home`, and read/write/edit/grep/glob. */
export async function skillsAgent(script: Script, options: SkillsAgentOptions): Promise<SkillsAgent> {
  const { root, home, confirmer = autoApprove } = options;
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  const extension = new SkillsExtension({ catalog: await loadSkillCatalog({ root, home }), root });
  const workspace = await Workspace.create({ projectRoot: root });
  const { read, write, edit, grep, glob } = workspaceTools(workspace, { confirmer });
  const tools = [read, write, edit, grep, glob];
  const events = new InMemoryEventList();
  const agent = new Agent({
    model,
    systemPrompt: 'You are a test agent.',
    configure: (c) => {
      c.addExtension(extension);
      for (const tool of tools) c.addTool(tool);
      c.addListener(events);
      c.onClose(() => workspace.close());
      options.configure?.(c);
    },
  });
  agents.push(agent);
  return { agent, server, extension, events, tools };
}

/** One message of a recorded chat-completions request. */
export interface WireMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly tool_call_id?: string;
}

/** The messages of the server's `index`-th model request. */
export function sentMessages(server: ScriptedServer, index: number): WireMessage[] {
  const call = server.modelCalls[index];
  if (!call)
    throw new Error(`the server received ${server.modelCalls.length} model requests, not ${index + 1}`);
  return (call.body as { messages: WireMessage[] }).messages;
}

/** The promotion messages (`<skills-activated ...>`) in one request, as sent. */
export function promotionsIn(server: ScriptedServer, index: number): string[] {
  return sentMessages(server, index)
    .filter((m) => m.role === 'user' && typeof m.content === 'string')
    .map((m) => m.content as string)
    .filter((text) => text.startsWith('<skills-activated'));
}

/** The `skills="..."` names of each promotion in one request. */
export function promotedIn(server: ScriptedServer, index: number): string[][] {
  return promotionsIn(server, index).map((text) => /skills="([^"]*)"/.exec(text)![1]!.split(','));
}

/** A scripted reply calling one tool. */
export function call(name: string, args: Record<string, unknown>, id?: string) {
  return { toolCalls: [{ ...(id ? { id } : {}), name, arguments: args }] };
}
