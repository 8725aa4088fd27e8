import { type AgentEvent, type RunEvent, Terminal } from '@kodama/core';
import { isDeltaEvent } from '@kodama/core/events';
import { stripControlSequences } from '@kodama/core/listeners';

/** Where a rendering writes: anything with a `write(string)`. */
interface Sink {
  write(text: string): unknown;
}

/**
 * `kodama run`'s text output for one Run of an agent or an assembly: the
 * final participant's own events through the same Terminal renderer as
 * `kodama ask` (its answer streams to stdout; tool calls and notices to
 * stderr), each step, retry, transition and handoff limit as one line on
 * stderr, and, when the Run streams nested events (`--verbose`), every other
 * participant's events on stderr, indented under its path. Nested answers
 * are shown whole, not streamed: parallel participants' fragments would
 * interleave into nonsense. Everything printed has its terminal control
 * sequences removed (the Terminal renderer's, and here the response and the
 * participants' names): a model's answer cannot act on the terminal.
 */
export class RunRenderer {
  readonly #stderr: Sink;
  readonly #answer: Terminal;
  /** Where nested renderers come from: one that never answers on stdout (the answer's may hand its synthesizer stdout). */
  readonly #nestedRoot: Terminal;
  readonly #nested = new Map<string, Terminal>();
  readonly #stdout: Sink;
  /** stdout ends inside a line: an answer was cut while it streamed. */
  #midLine = false;
  /** The last complete answer printed on stdout. */
  #lastAnswer: string | undefined;

  constructor(streams: { stdout: Sink; stderr: Sink }) {
    this.#stderr = streams.stderr;
    this.#stdout = streams.stdout;
    const stdout = {
      write: (text: string) => {
        if (text !== '') this.#midLine = !text.endsWith('\n');
        return streams.stdout.write(text);
      },
    };
    this.#answer = new Terminal({ stdout, stderr: streams.stderr });
    this.#nestedRoot = new Terminal({ stdout: streams.stderr, stderr: streams.stderr });
  }

  /**
   * After the Run: ends a line an interrupted answer left open, and prints the
   * Run's response when it is not the last answer stdout shows (at a deadline,
   * an earlier participant's answer may be the one that was complete).
   */
  end(response: string): void {
    if (this.#midLine) this.#stdout.write('\n');
    this.#midLine = false;
    if (response !== '' && response !== this.#lastAnswer)
      this.#stdout.write(`${stripControlSequences(response)}\n`);
  }

  /** Renders one event of the Run. */
  onEvent(event: RunEvent): void {
    switch (event.type) {
      case 'run-start':
      case 'interjection-delivered':
      case 'run-end':
        return; // the exit status and the closing notice say how it ended
      case 'assembly-step-start':
        this.#line(`▸ ${who(event.path, event.participant)}${event.branch ? ` [${event.branch}]` : ''}`);
        return;
      case 'assembly-step-end': {
        const name = who(event.path, event.participant);
        const tries = event.attempts === 1 ? '1 attempt' : `${event.attempts} attempts`;
        const spent = `${tries}, ${event.usage.totalTokens} tokens`;
        if (event.status === 'completed') this.#line(`✓ ${name} (${spent})`);
        else if (event.status === 'failed')
          this.#line(`✗ ${name} failed: ${event.errorType ?? 'error'} (${spent})`);
        else this.#line(`– ${name} cancelled (${spent})`);
        return;
      }
      case 'assembly-step-retry':
        this.#line(
          `↻ ${who(event.path, event.participant)}: attempt ${event.attempt} failed (${event.errorType}); ` +
            `retrying in ${Math.round(event.delayMs)} ms`,
        );
        return;
      case 'assembly-transition': {
        const from = event.from.map((n) => who(event.path, n)).join(' + ');
        const to = event.to.map((n) => who(event.path, n)).join(' + ');
        this.#line(`  ${from} → ${to}${event.errorType ? ` (on ${event.errorType})` : ''}`);
        return;
      }
      case 'assembly-handoff-loop':
        this.#line(
          `✗ handoff ${who(event.path, event.from)} → ${who(event.path, event.to)} stopped: ` +
            `it happened ${event.count} times`,
        );
        return;
      case 'agent-stream':
        this.#nestedEvent(event.source.path, event.event);
        return;
      default:
        if (event.type === 'assistant') this.#lastAnswer = event.text;
        this.#answer.onEvent(event);
    }
  }

  #nestedEvent(path: string, event: AgentEvent): void {
    if (isDeltaEvent(event)) return;
    let terminal = this.#nested.get(path);
    if (!terminal) {
      // An indented renderer writing everything to stderr, as a sub-agent's under `kodama ask`.
      terminal = this.#nestedRoot.forSubAgent({ id: path });
      this.#nested.set(path, terminal);
    }
    // Its task goes under its path: an indented renderer prints a user turn with the agent's id.
    terminal.onEvent(event.type === 'user-turn' ? { ...event, agentId: path.slice(1) } : event);
  }

  #line(text: string): void {
    this.#stderr.write(`${stripControlSequences(text)}\n`);
  }
}

/** A participant's name with the path of the assembly it ran in (`research/web` inside a nested `/research`). */
function who(path: string, name: string): string {
  return path === '' ? name : `${path.slice(1)}/${name}`;
}
