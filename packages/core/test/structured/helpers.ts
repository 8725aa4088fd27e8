// Shared wiring for the structured-output tests: an agent over the scripted
// OpenAI-compatible server through @kodama/models, and the schema they ask for.
import { resolveModel } from '@kodama/models';
import { type Script, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { z } from 'zod';
import { InMemoryEventList } from '../../src/entries/listeners.ts';
import { Agent, type AnyTool, type ModelMessage } from '../../src/index.ts';

/** The forecast every test asks for. */
export const Forecast = z.object({
  city: z.string(),
  days: z.number().int().min(1),
  units: z.enum(['c', 'f']),
});

/** An agent over a fresh scripted OpenAI-compatible server (kodama's lean adapter, which claims JSON mode). */
export async function agentOverHttp(
  script: Script,
  servers: ScriptedServer[],
  tools: readonly AnyTool[] = [],
): Promise<{ agent: Agent; server: ScriptedServer; events: InMemoryEventList }> {
  const server = await startOpenAICompatibleServer({ script });
  servers.push(server);
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, {
    retry: { maxRetries: 0 },
  });
  const events = new InMemoryEventList();
  const agent = new Agent({
    model,
    systemPrompt: 'You are terse.',
    configure: (c) => {
      c.addListener(events);
      for (const t of tools) c.addTool(t);
    },
  });
  return { agent, server, events };
}

/** The text of the last user message of a request. */
export function lastUserText(messages: readonly ModelMessage[]): string {
  const user = messages.findLast((m) => m.role === 'user');
  if (user?.role !== 'user') return '';
  return typeof user.content === 'string'
    ? user.content
    : user.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
}
