// Shared wiring for the agent tests: a scripted model, an event list, small tools.
import assert from 'node:assert/strict';
import { type Script, ScriptedModel } from '@kodama/testkit';
import { z } from 'zod';
import type { Configurator } from '../../src/entries/extensions.ts';
import { InMemoryEventList } from '../../src/entries/listeners.ts';
import {
  Agent,
  type AgentOptions,
  type AnyTool,
  defineTool,
  type ModelMessage,
  NONE,
  type ToolContext,
} from '../../src/index.ts';

/** An agent over a ScriptedModel with an InMemoryEventList and the given tools. */
export function scriptedAgent(
  script: Script,
  options: Partial<AgentOptions> & {
    tools?: readonly AnyTool[];
    configureMore?: (c: Configurator) => void;
  } = {},
): { agent: Agent; model: ScriptedModel; events: InMemoryEventList } {
  const model = (options.model as ScriptedModel | undefined) ?? new ScriptedModel(script);
  const events = new InMemoryEventList();
  const agent = new Agent({
    systemPrompt: 'You are a test agent.',
    ...options,
    model,
    configure: (c) => {
      c.addListener(events);
      for (const t of options.tools ?? []) c.addTool(t);
      options.configureMore?.(c);
    },
  });
  return { agent, model, events };
}

/** `echo(text)`: returns its text; records the contexts it saw. */
export function echoTool(seen: ToolContext[] = []): AnyTool {
  return defineTool({
    name: 'echo',
    description: 'Echoes its text.',
    parameters: z.object({ text: z.string() }),
    trifectaLegs: NONE,
    execute: ({ text }, context) => {
      seen.push(context);
      return `echo: ${text}`;
    },
  });
}

/** A tool that waits for `release()` (or its signal) before answering. */
export function gateTool(name = 'gate'): {
  tool: AnyTool;
  started: Promise<void>;
  release: (value?: string) => void;
} {
  let release!: (value?: string) => void;
  let markStarted!: () => void;
  const started = new Promise<void>((r) => {
    markStarted = r;
  });
  const released = new Promise<string>((r) => {
    release = (v = 'released') => r(v);
  });
  const tool = defineTool({
    name,
    description: 'Waits until released.',
    parameters: z.object({}),
    trifectaLegs: NONE,
    execute: async (_args, context) => {
      markStarted();
      return await new Promise<string>((resolve, reject) => {
        context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true });
        released.then(resolve);
      });
    },
  });
  return { tool, started, release };
}

/** A tool that throws a plain (non-ToolError) exception. */
export function boomTool(name = 'boom'): AnyTool {
  return defineTool({
    name,
    description: 'Always throws.',
    parameters: z.object({}),
    trifectaLegs: NONE,
    execute: () => {
      throw new RangeError('kaboom');
    },
  });
}

/**
 * Asserts the conversation can be sent again: every tool call of an assistant
 * message is answered exactly once, by the tool messages right after it.
 */
export function assertSendable(messages: readonly ModelMessage[]): void {
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'tool') assert.fail(`tool result ${m.toolCallId} at ${i} answers no open call`);
    if (m.role !== 'assistant' || m.toolCalls.length === 0) continue;
    const answered: string[] = [];
    while (messages[i + 1]?.role === 'tool') {
      i++;
      answered.push((messages[i] as { toolCallId: string }).toolCallId);
    }
    assert.deepEqual(
      [...answered].sort(),
      m.toolCalls.map((c) => c.id).sort(),
      'every tool call answered exactly once, right after its message',
    );
  }
}

/** The messages of an agent's exported history. */
export function messagesOf(agent: Agent): ModelMessage[] {
  return agent.exportHistory().messages.map((m) => m.message);
}
