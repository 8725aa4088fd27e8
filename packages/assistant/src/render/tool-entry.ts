import type { Content } from '@kodama/core';
import { ControlSequenceStripper, stripControlSequences } from '@kodama/core/listeners';
import type { ToolStatus } from '@kodama/core/tool';
import { Entry } from './entries.ts';
import type { Theme } from './theme.ts';
import { expandTabs, truncate, wrap } from './width.ts';

/** Lines of a result shown when a tool call is expanded. */
const EXPANDED_LINES = 40;
/** Lines of live output shown under a running call (the tail). */
const LIVE_LINES = 6;
/** Characters of live output kept (the tail): enough for the lines shown, bounded however much streams. */
const LIVE_CHARS = 4096;

/** The one-line description of a call: `read src/app.ts`, `bash npm test`. */
export function describeCall(name: string, args: string): string {
  let parsed: Record<string, unknown> = {};
  try {
    const value = JSON.parse(args) as unknown;
    if (value && typeof value === 'object') parsed = value as Record<string, unknown>;
  } catch {
    return `${name} ${args}`;
  }
  const pick = (...keys: string[]) =>
    keys.map((k) => parsed[k]).find((v) => typeof v === 'string') as string | undefined;
  const main = pick('path', 'command', 'pattern', 'expression', 'url', 'query', 'name', 'text');
  // A delegation (the agent tool, by its arguments): who, and the task.
  // not a tool name: argument keys
  const who = pick('agent', 'persona', 'name');
  const task = pick('task');
  if (who !== undefined && task !== undefined) return `${name} ${who}: ${task}`;
  if (main !== undefined) return `${name} ${main.split('\n')[0]}`;
  const compact = JSON.stringify(parsed);
  return compact === '{}' ? name : `${name} ${compact}`;
}

/** A result as text: images as their media type. */
export function contentText(content: Content): string {
  return typeof content === 'string'
    ? content
    : content.map((p) => (p.type === 'text' ? p.text : `[${p.mediaType}]`)).join('\n');
}

/** The counts of the diagnostics a checker added to a file tool's result (`@kodama/workspace/diagnostics`). */
const DIAGNOSTICS_LINE = /^Diagnostics after this change \(.+?\): (.+?)\. /m;
/** That block, which the folded summary names by its counts instead of counting its lines. */
const DIAGNOSTICS_BLOCK = /\n\nDiagnostics after this change \([\s\S]*$/;

/** A line of `cat -n` shaped output (`%6d\t<line>`), as the workspace's read shows a file. */
const NUMBERED_LINE = /^ *\d+\t/;

/**
 * The short summary after the call line: `120 lines` for a file shown as
 * numbered lines (whichever tool showed it: the output's shape decides, not
 * the tool's name), else the first line.
 */
function summarize(text: string): string {
  const found = DIAGNOSTICS_LINE.exec(text)?.[1];
  const diagnostics = found === undefined ? '' : ` · diagnostics: ${found}`;
  const lines = text.replace(DIAGNOSTICS_BLOCK, '').replace(/\s+$/, '').split('\n');
  if (NUMBERED_LINE.test(lines[0] ?? '')) {
    const shown = lines.filter((l) => NUMBERED_LINE.test(l)).length;
    return `${shown} line${shown === 1 ? '' : 's'}${diagnostics}`;
  }
  const first = lines[0]?.trim() ?? '';
  return `${lines.length > 1 ? `${first} (+${lines.length - 1} lines)` : first}${diagnostics}`;
}

/**
 * One tool call: `● read src/app.ts` while it runs, then its result folded
 * to one line under it (`⎿ 120 lines`); expanded, up to 40 lines of the result.
 * The call, the live output and the result are kept without terminal control
 * sequences: a file read or a command's output cannot act on the terminal.
 */
export class ToolEntry extends Entry {
  #status: ToolStatus | 'running' = 'running';
  #result = '';
  #live = '';
  #expanded = false;
  /** The live output's state: an escape sequence split across chunks is removed whole. */
  readonly #stripper = new ControlSequenceStripper();
  readonly #call: string;

  constructor(
    readonly id: string,
    readonly name: string,
    call: string,
    private readonly theme: Theme,
  ) {
    super();
    this.#call = stripControlSequences(call);
  }

  get status(): ToolStatus | 'running' {
    return this.#status;
  }

  finish(status: ToolStatus, content: Content): void {
    this.#status = status;
    this.#result = stripControlSequences(contentText(content));
    this.#live = '';
    this.changed();
  }

  /** Output the running call printed so far (bash, `!command`): its last lines show under the call. */
  appendOutput(text: string): void {
    if (this.#status !== 'running') return;
    // Escape sequences would act on the screen; a carriage return (a progress bar) starts a new line.
    this.#live = (this.#live + this.#stripper.push(text)).slice(-LIVE_CHARS);
    this.changed();
  }

  setExpanded(expanded: boolean): void {
    this.#expanded = expanded;
    this.changed();
  }

  protected draw(width: number): string[] {
    const t = this.theme;
    const bullet =
      this.#status === 'running'
        ? t.warning('●')
        : this.#status === 'ok'
          ? t.success('●')
          : this.#status === 'cancelled' || this.#status === 'skipped'
            ? t.dim('●')
            : t.error('●');
    const head = truncate(`${bullet} ${t.bold(this.#call)}`, width);
    if (this.#status === 'running') {
      if (this.#live === '') return [head];
      const tail = this.#live.replace(/\s+$/, '').split('\n').slice(-LIVE_LINES);
      return [
        head,
        ...tail.map((l, i) => truncate(`  ${t.dim(i === 0 ? '⎿' : ' ')} ${t.dim(expandTabs(l))}`, width)),
      ];
    }
    // A failure's result already reads `Error: …`; other statuses (cancelled, skipped) are named.
    const label = this.#status === 'ok' || /^Error:/.test(this.#result) ? '' : `${this.#status}: `;
    if (!this.#expanded) {
      return [head, truncate(`  ${t.dim('⎿')} ${t.dim(label + summarize(this.#result))}`, width)];
    }
    const body = this.#result.replace(/\s+$/, '').split('\n');
    const shown = body.slice(0, EXPANDED_LINES).flatMap((l) => wrap(l, Math.max(1, width - 4)));
    const more =
      body.length > EXPANDED_LINES ? [t.dim(`    … ${body.length - EXPANDED_LINES} more lines`)] : [];
    return [head, ...shown.map((l, i) => `  ${t.dim(i === 0 ? '⎿' : ' ')} ${t.dim(l)}`), ...more];
  }
}
