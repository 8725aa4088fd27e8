import type { Transcript } from '../render/transcript.ts';
import type { ShellRunner } from './assistant-options.ts';

/** Characters of a `!command`'s output the model is shown (head and tail kept). */
const NOTE_MAX_CHARS = 16_000;

function clip(text: string): string {
  if (text.length <= NOTE_MAX_CHARS) return text;
  const half = NOTE_MAX_CHARS / 2;
  return `${text.slice(0, half)}\n[… ${text.length - NOTE_MAX_CHARS} characters cut …]\n${text.slice(-half)}`;
}

/**
 * Runs a `!command` the user typed: a line in the transcript with the output
 * streaming under it, then folded like a tool result. Returns the note the
 * model gets with the next prompt (the command, its status and its output).
 */
export async function runShellCommand(
  command: string,
  run: ShellRunner,
  signal: AbortSignal,
  transcript: Transcript,
  redraw: () => void,
): Promise<string> {
  const entry = transcript.shell(command);
  redraw();
  try {
    const { output, status } = await run(command, {
      signal,
      onOutput: (text) => {
        entry.appendOutput(text);
        redraw();
      },
    });
    const text = output.trimEnd() || '(no output)';
    entry.finish(signal.aborted ? 'cancelled' : 'ok', `${text}\n[${status}]`);
    return `I ran \`${command}\` in the shell (${status}). Its output:\n\`\`\`\n${clip(text)}\n\`\`\``;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    entry.finish('error', message);
    return `I tried to run \`${command}\` in the shell; it failed: ${message}`;
  }
}
