// `--input-format stream-json`: a program holds a conversation with one
// kodama process by writing JSON lines on stdin, and reads one `result` line
// per turn (with the turn's events before it) on stdout. docs/headless.md
// lists the lines; a line kodama cannot read is answered with an `error` line
// and nothing else changes.
import { createInterface } from 'node:readline';
import type { Run, RunStream } from '@kodama/core';
import type { HeadlessOutput } from './headless-output.ts';

/** One input line, read. */
export type InputLine =
  | { readonly type: 'user'; readonly text: string }
  | { readonly type: 'interject'; readonly text: string }
  | { readonly type: 'cancel' };

/**
 * Reads one input line: `{"type":"user","text":…}` (also Claude Code's
 * `{"type":"user","message":{"content":…}}`), `{"type":"interject","text":…}`
 * or `{"type":"cancel"}`. @returns the line, or a message saying what is wrong
 */
export function parseInputLine(line: string): InputLine | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return `not JSON: ${line.slice(0, 80)}`;
  }
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (record.type === 'cancel') return { type: 'cancel' };
  if (record.type !== 'user' && record.type !== 'interject')
    return 'expected {"type":"user","text":…}, {"type":"interject","text":…} or {"type":"cancel"}';
  const text = typeof record.text === 'string' ? record.text : contentText(record.message);
  if (text === undefined || text.trim() === '') return `a "${record.type}" line needs a non-empty "text"`;
  return { type: record.type, text };
}

/** The text of Claude Code's `message.content` (a string, or text blocks). */
function contentText(message: unknown): string | undefined {
  const content = (message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((b) => b?.type === 'text' && typeof b.text === 'string').map((b) => b.text);
  return texts.length > 0 ? texts.join('\n') : undefined;
}

/** What {@link streamJsonConversation} runs with. */
export interface ConversationSetup {
  readonly stdin: NodeJS.ReadableStream;
  readonly output: HeadlessOutput;
  /** Starts one turn on the conversation (the agent keeps it between turns). */
  readonly turn: (prompt: string) => RunStream;
  /** The exit status of a finished turn (said in its `result` line). */
  readonly statusOf: (run: Run) => number;
  readonly sessionId: string | undefined;
  /** The command's stop (Ctrl+C, SIGTERM, a closed stdout): the turn is cancelled and nothing more starts. */
  readonly signal: AbortSignal;
  /** A first prompt (the prompt argument), run before any line. */
  readonly first?: string;
}

/**
 * Runs turns from stdin's lines until stdin ends and the last turn is over:
 * a `user` line is the next turn (queued while one runs), `interject` reaches
 * the running turn at its next step (with none running it is the next turn),
 * `cancel` cancels the running turn. Resolves to the last turn's exit status
 * (0 when there was none).
 */
export async function streamJsonConversation(setup: ConversationSetup): Promise<number> {
  const queue: string[] = setup.first === undefined ? [] : [setup.first];
  let running: RunStream | undefined;
  let status = 0;
  let wake: () => void = () => {};
  let ended = false;
  const lines = createInterface({ input: setup.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (raw) => {
    if (raw.trim() === '') return;
    const line = parseInputLine(raw);
    if (typeof line === 'string') return setup.output.error(line);
    if (line.type === 'cancel') {
      if (running) running.cancel();
      else setup.output.error('no turn is running: nothing to cancel');
      return;
    }
    if (line.type === 'interject' && running) {
      running.interject(line.text).catch(() => {
        // Not delivered (the turn ended first): the run's result line says what it answered.
      });
      return;
    }
    queue.push(line.text);
    wake();
  });
  lines.on('close', () => {
    ended = true;
    wake();
  });
  const onStop = () => {
    queue.length = 0;
    running?.cancel();
    wake();
  };
  setup.signal.addEventListener('abort', onStop, { once: true });
  try {
    for (;;) {
      const prompt = queue.shift();
      if (prompt === undefined) {
        if (ended || setup.signal.aborted) return status;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      running = setup.turn(prompt);
      for await (const _ of running) {
        // The output's observer writes the lines; the stream is drained so the Run is not held up.
      }
      const run = await running.run;
      running = undefined;
      status = setup.statusOf(run);
      setup.output.finish(run, setup.sessionId, status);
      if (setup.signal.aborted) return status;
    }
  } finally {
    setup.signal.removeEventListener('abort', onStop);
    lines.close();
  }
}
