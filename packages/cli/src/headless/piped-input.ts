// What a script pipes into `kodama ask` / `kodama -p`: read to its end when
// stdin is a pipe or a file (never a terminal, nor /dev/null), then either the
// prompt itself or context attached to the prompt argument, as `claude -p`
// and `llm` take it.
import { fstatSync } from 'node:fs';
import type { CliIO } from '../cli-io.ts';
import { UsageError } from '../parse-support.ts';

/** The most stdin may carry (2 MiB): more would not fit a model's context anyway. */
export const STDIN_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * What stdin is: `piped` for a shell pipe (FIFO) or a redirected file, which
 * end; `socket` for a program's piped stdin (Node's `spawn` default), which a
 * parent often never closes; `none` for a terminal (a person) or a character
 * device such as `/dev/null` (`stdio: 'ignore'`, `< /dev/null`).
 */
export function stdinKind(stdin: CliIO['stdin']): 'piped' | 'socket' | 'none' {
  if (stdin.isTTY === true) return 'none';
  const fd = (stdin as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return 'piped'; // an injected stream (tests, an embedding host)
  try {
    const stat = fstatSync(fd);
    if (stat.isFIFO() || stat.isFile()) return 'piped';
    return stat.isSocket() ? 'socket' : 'none';
  } catch {
    return 'none'; // closed (EBADF): nothing to read
  }
}

/**
 * Reads piped stdin to its end (undefined when there is none, or it is
 * empty). A socket is read only when no prompt argument was given (then it is
 * the only prompt there can be): with one, a parent that never closes it would
 * leave kodama waiting forever. @throws UsageError past {@link STDIN_LIMIT_BYTES}, saying what to do.
 */
export async function readPipedInput(
  stdin: CliIO['stdin'],
  promptGiven: boolean,
  limit = STDIN_LIMIT_BYTES,
): Promise<string | undefined> {
  const kind = stdinKind(stdin);
  if (kind === 'none' || (kind === 'socket' && promptGiven)) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) {
      (stdin as { destroy?: () => void }).destroy?.();
      throw new UsageError(
        `stdin is larger than ${limit / 1024 / 1024} MiB; cut it down (e.g. head -c 1M) or let the agent read the file itself (--tools read)`,
      );
    }
    chunks.push(bytes);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? undefined : text;
}

/**
 * The prompt of a one-shot turn: the argument with piped text attached as
 * context after it, or the piped text alone when there is no argument;
 * undefined when there is neither.
 */
export function promptWithInput(prompt: string, piped: string | undefined): string | undefined {
  const asked = prompt.trim();
  if (piped === undefined) return asked === '' ? undefined : prompt;
  if (asked === '') return piped;
  return `${prompt}\n\n<stdin>\n${piped.endsWith('\n') ? piped : `${piped}\n`}</stdin>`;
}

/** A one-shot prompt, and the untrusted sources it carries (for `AskOptions.untrusted`). */
export interface OneShotPrompt {
  readonly text: string;
  /**
   * `['stdin']` when piped text is attached to the argument: data from another
   * program (a page `curl` fetched, a log), so the taint gate holds an egress
   * call after it, as after an untrusted tool result. Piped text alone is the
   * prompt, the person's own (a script's instructions), and is not marked.
   */
  readonly untrusted: readonly string[];
}

/**
 * The prompt of `kodama ask` (`topic` 'ask') or `kodama -p` ('kodama'): the
 * argument and what stdin carries ({@link promptWithInput}).
 * @throws UsageError when there is no prompt at all, or stdin is too large
 */
export async function oneShotPrompt(
  argument: string,
  stdin: CliIO['stdin'],
  topic: 'ask' | 'kodama',
): Promise<OneShotPrompt> {
  const asked = argument.trim() !== '';
  const piped = await readPipedInput(stdin, asked);
  const prompt = promptWithInput(argument, piped);
  if (prompt !== undefined) return { text: prompt, untrusted: asked && piped !== undefined ? ['stdin'] : [] };
  throw new UsageError(
    topic === 'ask'
      ? 'kodama ask needs a prompt, e.g. kodama ask "What is 17 * 23?", or on stdin: echo "What is 17 * 23?" | kodama ask'
      : '-p needs a prompt: kodama -p "<prompt>", or on stdin: echo "<prompt>" | kodama -p',
    topic,
  );
}
