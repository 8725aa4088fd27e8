// The agent the durable tests run, in the test process and in worker child
// processes alike: a real Agent over real HTTP (@kodama/models against the
// testkit's scripted server) with one tool whose side effects land in a file,
// so a test can count them across processes and crashes.
import { appendFileSync, existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, type AgentOptions, defineTool, NONE } from '@kodama/core';
import { durableAgentOptions } from '@kodama/durable';
import { resolveModel } from '@kodama/models';
import type { RecordedRequest, ScriptedReply } from '@kodama/testkit';

/** Where the `effect` tool writes, and when it holds. */
export interface EffectSettings {
  /** Lines `start <key> <n>` and `done <key> <n>` are appended here. */
  readonly file: string;
  /** The call with this `n` waits before its `done` line until `releaseFile` exists. */
  readonly holdAt?: number;
  readonly releaseFile?: string;
}

/** A tool with a side effect per call, keyed by the idempotency key the loop hands it. */
export function effectTool(settings: EffectSettings) {
  return defineTool({
    name: 'effect',
    description: 'Performs step n of the job.',
    parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    trifectaLegs: NONE,
    async execute(args: { n: number }, context) {
      appendFileSync(settings.file, `start ${context.idempotencyKey} ${args.n}\n`);
      if (settings.holdAt === args.n && settings.releaseFile) {
        while (!existsSync(settings.releaseFile) && !context.signal.aborted) await sleep(25);
      }
      appendFileSync(settings.file, `done ${context.idempotencyKey} ${args.n}\n`);
      return `effect ${args.n} done`;
    },
  });
}

/**
 * The scripted model: `calls` tool calls one after another (`effect` with
 * n = 1, 2, ...), then the answer `done: <prompt>`. A function of the
 * request, so any number of runs and replays can share one server.
 */
export function effectScript(calls: number) {
  return (request: RecordedRequest): ScriptedReply => {
    const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
    const prompt = messages.find((m) => m.role === 'user')?.content;
    const done = messages.filter((m) => m.role === 'tool').length;
    if (done < calls)
      return {
        text: '',
        toolCalls: [{ id: `step-${done + 1}`, name: 'effect', arguments: { n: done + 1 } }],
      };
    return { text: `done: ${typeof prompt === 'string' ? prompt : JSON.stringify(prompt)}` };
  };
}

/** An agent over the scripted server at `serverUrl`, built with the durable seams (or `extra` overrides). */
export async function effectAgent(
  serverUrl: string,
  effects: EffectSettings,
  extra: Partial<AgentOptions> = {},
) {
  const model = await resolveModel(`openai-compatible:${serverUrl}/v1@scripted-model`, {
    retry: { maxRetries: 1, baseDelayMs: 1 },
  });
  return new Agent({
    ...durableAgentOptions,
    model,
    systemPrompt: 'You do the job in steps.',
    configure: (c) => c.addTool(effectTool(effects)),
    ...extra,
  });
}

/** The side-effect lines of `file`, grouped: how often each `start`/`done` line appeared. */
export function countEffects(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n').filter(Boolean)) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}
