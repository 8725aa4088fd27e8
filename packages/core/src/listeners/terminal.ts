import type { AgentEvent } from '../events/events.ts';
import type { Content } from '../messages/content.ts';
import type { Listener, SubAgentParams } from './listener.ts';
import { ControlSequenceStripper, stripControlSequences } from './strip-control-sequences.ts';
import type { TextSink } from './text-sink.ts';

/** Longest tool-argument or tool-result preview the terminal prints. */
const PREVIEW_CHARS = 200;

function preview(content: Content): string {
  const text =
    typeof content === 'string'
      ? content
      : content.map((p) => (p.type === 'text' ? p.text : `[${p.mediaType}]`)).join(' ');
  const oneLine = stripControlSequences(text).replace(/\s+/g, ' ').trim();
  return oneLine.length > PREVIEW_CHARS ? `${oneLine.slice(0, PREVIEW_CHARS)}…` : oneLine;
}

/**
 * A plain terminal renderer: answer text to `stdout` (streamed when the agent
 * streams), everything else (reasoning, tool calls and results, notices) to
 * `stderr`, so `kodama ... > answer.txt` captures only the answer. Sub-agents
 * render indented by two spaces per level. No colours: a function of its input.
 * What it prints from the model, tools and servers has its terminal control
 * sequences removed ({@link ControlSequenceStripper}, one per stream, so a
 * sequence split across deltas goes too): nothing shown can write the
 * clipboard, retitle the window or move the cursor. When the step budget runs
 * out (`fallback-notice`), the synthesizer's answer is this agent's answer and
 * goes where the agent's own would have.
 */
export class Terminal implements Listener {
  /** Shown by `describe()`. */
  readonly name = 'Terminal';
  readonly #out: TextSink;
  readonly #err: TextSink;
  readonly #indent: string;
  #streamedAnswer = false;
  #streamedReasoning = false;
  #answer = new ControlSequenceStripper();
  #reasoning = new ControlSequenceStripper();
  /** The last event was a `fallback-notice`: the next sub-agent view is the synthesizer answering for this agent. */
  #synthesisNext = false;

  constructor(streams: { stdout: TextSink; stderr: TextSink }, indent = '') {
    this.#out = streams.stdout;
    this.#err = streams.stderr;
    this.#indent = indent;
  }

  /** Renders one event. */
  onEvent(event: AgentEvent): void {
    const i = this.#indent;
    this.#synthesisNext = event.type === 'fallback-notice';
    switch (event.type) {
      case 'user-turn':
        if (event.midLoop) this.#err.write(`${i}» ${preview(event.content)}\n`);
        // A sub-agent's task, under its id: the reader sees who works on what.
        else if (i) this.#err.write(`${i}[${safe(event.agentId)}] ${preview(event.content)}\n`);
        return;
      case 'reasoning-delta':
        if (!this.#streamedReasoning) {
          this.#err.write(`${i}reasoning: `);
          this.#reasoning = new ControlSequenceStripper(); // a stream cut short left nothing open
        }
        this.#streamedReasoning = true;
        this.#err.write(this.#reasoning.push(event.text));
        return;
      case 'reasoning':
        if (this.#streamedReasoning) this.#err.write(`${this.#reasoning.end()}\n`);
        else this.#err.write(`${i}reasoning: ${safe(event.text)}\n`);
        this.#streamedReasoning = false;
        return;
      case 'assistant-delta':
        if (!this.#streamedAnswer) {
          if (i) this.#out.write(i);
          this.#answer = new ControlSequenceStripper();
        }
        this.#streamedAnswer = true;
        this.#out.write(this.#answer.push(event.text));
        return;
      case 'assistant':
        if (this.#streamedAnswer) this.#out.write(`${this.#answer.end()}\n`);
        else this.#out.write(`${i}${safe(event.text)}\n`);
        this.#streamedAnswer = false;
        return;
      case 'tool-call':
        this.#err.write(`${i}→ ${safe(event.name)}(${preview(event.arguments)})\n`);
        return;
      case 'tool-result':
        this.#err.write(`${i}← ${safe(event.name)}: ${preview(event.content)}\n`);
        return;
      case 'fallback-notice':
        this.#err.write(
          `${i}[step budget of ${event.maxSteps} exhausted; answering from the evidence so far]\n`,
        );
        return;
      case 'cancelled':
        this.#err.write(`${i}[cancelled]\n`);
        return;
      case 'model-switched':
        this.#err.write(`${i}[model: ${safe(event.from.modelId)} → ${safe(event.to.modelId)}]\n`);
        return;
      case 'retry':
        this.#err.write(
          `${i}[retry ${event.attempt} in ${Math.round(event.delayMs)} ms: ${safe(event.cause)}]\n`,
        );
        return;
      default:
        return;
    }
  }

  /**
   * A fresh renderer indented one more level, writing everything to stderr:
   * stdout carries the main agent's answer only, so a script reading it never
   * gets a sub-agent's answer mixed in. Right after a `fallback-notice` the
   * view asked for is the synthesizer's, whose answer is this agent's: it
   * writes where this renderer does, at this level (`kodama ask` prints a
   * synthesized answer on stdout).
   */
  forSubAgent(_params: SubAgentParams): Terminal {
    if (this.#synthesisNext) {
      this.#synthesisNext = false;
      return new Terminal({ stdout: this.#out, stderr: this.#err }, this.#indent);
    }
    return new Terminal({ stdout: this.#err, stderr: this.#err }, `${this.#indent}  `);
  }
}

/** One value from outside (a model, a tool, a server) fit to print: its control sequences removed. */
function safe(text: string): string {
  return stripControlSequences(text);
}
