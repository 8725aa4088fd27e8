import type { Confirmer, ConfirmRequest } from './confirmer.ts';
import { WARNING_TEXT } from './sanitize.ts';

/** The streams a terminal confirmer talks through (injected, so tests drive it). */
export interface TerminalConfirmerOptions {
  /** Where answers are read (e.g. `process.stdin`). Declines everything unless `isTTY` is true. */
  readonly input: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** Where the prompt is written (e.g. `process.stderr`). */
  readonly output: NodeJS.WritableStream;
}

/**
 * A confirmer that prints the request and reads one line: `y` or `yes`
 * (any case) approves, anything else declines. With no TTY on `input` it
 * declines without asking, so a piped or detached run never blocks on a
 * question nobody sees. Concurrent requests are asked one at a time.
 */
export function terminalConfirmer(options: TerminalConfirmerOptions): Confirmer {
  let queue: Promise<unknown> = Promise.resolve();
  const ask = async (request: ConfirmRequest, signal?: AbortSignal): Promise<boolean> => {
    if (options.input.isTTY !== true || signal?.aborted) return false;
    options.output.write(formatPrompt(request));
    const line = await readLine(options.input, signal);
    return line !== undefined && /^\s*y(es)?\s*$/i.test(line);
  };
  return Object.freeze({
    reviewed: true,
    confirm(request: ConfirmRequest, signal?: AbortSignal): Promise<boolean> {
      const answer = queue.then(() => ask(request, signal));
      queue = answer.catch(() => false);
      return answer.catch(() => false);
    },
  });
}

/** The prompt text: a header, the warnings, `$ <command>` lines, and the answer cue. */
export function formatPrompt(request: ConfirmRequest): string {
  const lines = [`\n[${request.tool}] ${request.title}`];
  for (const w of request.warnings) lines.push(`  ! warning: the text contains ${WARNING_TEXT[w]}`);
  if (request.detail)
    lines.push(...request.detail.split('\n').map((l, i) => (i === 0 ? `  $ ${l}` : `    ${l}`)));
  lines.push('Allow? (y/n) ');
  return lines.join('\n');
}

/**
 * Reads one line from `input` (the rest of a chunk stays for the next read);
 * undefined at the end of input or when `signal` aborts.
 */
export function readLine(input: NodeJS.ReadableStream, signal?: AbortSignal): Promise<string | undefined> {
  return new Promise((resolve) => {
    let buffered = '';
    const done = (value: string | undefined) => {
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      signal?.removeEventListener('abort', onEnd);
      input.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      buffered += chunk.toString();
      const newline = buffered.indexOf('\n');
      if (newline >= 0) {
        const rest = buffered.slice(newline + 1);
        done(buffered.slice(0, newline));
        if (rest) input.unshift(Buffer.from(rest)); // the next question's answer, typed ahead
      }
    };
    const onEnd = () => done(undefined);
    input.on('data', onData);
    input.once('end', onEnd);
    signal?.addEventListener('abort', onEnd, { once: true });
    input.resume();
  });
}
