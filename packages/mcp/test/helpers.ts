// Shared wiring for the MCP tests: the fixture server (stdio or HTTP, a real SDK server in a child
// process), a scripted model that answers the screening check and plays the agent, temp folders.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ModelRequest } from '@kodama/core/model';
import { ScriptedModel, type ScriptedReply } from '@kodama/testkit';
import type { HttpServerEntry, StdioServerEntry } from '../src/index.ts';
import { SCREENING_PROMPT } from '../src/index.ts';

/** The fixture server script. */
export const FIXTURE = fileURLToPath(new URL('./fixtures/server.mjs', import.meta.url));

const cleanups: Array<() => void | Promise<void>> = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Runs `close` after the file's tests (an agent a failing test left open). */
export function closeLater(close: () => void | Promise<void>): void {
  cleanups.push(close);
}

/** A fresh temp folder, removed after the file's tests. */
export function tempDir(prefix = 'kodama-mcp-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A stdio entry running the fixture with `args`. */
export function stdioEntry(
  id: string,
  args: string[] = [],
  extra: Partial<StdioServerEntry> = {},
): StdioServerEntry {
  return { id, transport: 'stdio', command: process.execPath, args: [FIXTURE, ...args], env: {}, ...extra };
}

/** The fixture over Streamable HTTP in a child process; stopped after the file's tests. */
export async function httpFixture(
  id: string,
  args: string[] = [],
): Promise<{ entry: HttpServerEntry; process: ChildProcess }> {
  const child = spawn(process.execPath, [FIXTURE, '--http', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
  });
  return {
    entry: { id, transport: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} },
    process: child,
  };
}

/** True when the request is the LLM screening pass. */
export function isScreening(request: ModelRequest): boolean {
  return request.system === SCREENING_PROMPT;
}

/** True when the request asks for a server description. */
export function isDescribing(request: ModelRequest): boolean {
  return request.system?.startsWith('You write the one-line description') ?? false;
}

/** The text of the last message of a request (a tool result, usually). */
export function lastText(request: ModelRequest): string {
  const last = request.messages.at(-1);
  if (!last || last.role === 'assistant') return '';
  return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
}

/** Names of the tools a request offers. */
export function toolNamesOf(request: ModelRequest): string[] {
  return (request.tools ?? []).map((t) => t.name);
}

/**
 * A scripted model: the screening check answers `OK` unless `flag(surface)` gives a finding,
 * descriptions come back as `Fixture tools for tests.`, and every other request goes to `agent`.
 */
export function scriptedModel(
  agent: (request: ModelRequest, index: number) => ScriptedReply,
  flag: (surfaceJson: string) => string | undefined = () => undefined,
): ScriptedModel & { screenings: () => number } {
  let agentCalls = 0;
  let screenings = 0;
  const model = new ScriptedModel((recorded) => {
    const request = recorded.body as ModelRequest;
    if (isScreening(request)) {
      screenings += 1;
      return { text: flag(lastText(request)) ?? 'OK' };
    }
    if (isDescribing(request)) return { text: 'Fixture tools for tests.' };
    return agent(request, agentCalls++);
  });
  return Object.assign(model, { screenings: () => screenings });
}
