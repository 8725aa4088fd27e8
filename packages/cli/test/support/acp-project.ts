// A throwaway project for `kodama acp` tests, and a scripted model that makes
// one batch of tool calls per step, then answers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { RecordedRequest, ScriptedReply, ScriptedToolCall } from '@kodama/testkit';
import { isolatedEnv } from './run-kodama.ts';
import { scriptedServers } from './scripted-servers.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** `project/` (holding `notes.txt`: "draft"), `home/` and `outside/`, with an isolated environment. */
export function acpProject(): { dir: string; root: string; outside: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-acp-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  const home = join(dir, 'home');
  const outside = join(dir, 'outside');
  for (const d of [root, home, outside]) mkdirSync(d);
  writeFileSync(join(root, 'notes.txt'), 'status: draft\n');
  return { dir, root, outside, env: isolatedEnv({ HOME: home, XDG_DATA_HOME: join(home, 'data') }) };
}

type Body = { messages: Array<{ role: string; content?: unknown }> };

/** The tool results the model read in a request, as text. */
export const toolResults = (r: RecordedRequest): string[] =>
  (r.body as Body).messages.filter((m) => m.role === 'tool').map((m) => String(m.content));

/** Everything the model read in a request, as one text. */
export const requestText = (r: RecordedRequest): string => JSON.stringify((r.body as Body).messages);

const serve = scriptedServers();

/**
 * A model whose step n (counted by the tool results it has read) makes the
 * calls `steps[n]`, then answers `answer`. `model` is the `--model` target.
 */
export async function stepModel(steps: readonly (readonly ScriptedToolCall[])[], answer: string) {
  const server = await serve((r): ScriptedReply => {
    const results = toolResults(r).length;
    let step = 0;
    while (step < steps.length && count(steps, step + 1) <= results) step++;
    const calls = steps[step];
    return calls ? { toolCalls: calls } : { text: answer };
  });
  return { server, model: `openai-compatible:${server.url}/v1@scripted-model` };
}

/** How many tool results the first `n` steps produce. */
function count(steps: readonly (readonly ScriptedToolCall[])[], n: number): number {
  return steps.slice(0, n).reduce((sum, s) => sum + s.length, 0);
}

/** The flags every test starts kodama acp with: the model, a small tool set, no skills. */
export function acpFlags(model: string, ...more: string[]): string[] {
  return ['--model', model, '--tools', 'read,write,edit,bash', '--no-skills', ...more];
}
