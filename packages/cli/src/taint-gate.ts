import type { TaintAnswer, TaintedCall, TaintGate } from '@kodama/core/taint';

/** What the command line says about tainted calls, and where to ask. */
export interface TaintGateSetup {
  /** `--yes=all`: allow tainted calls too, without asking. */
  readonly yesAll: boolean;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream;
}

/** The question's first line: why the call is held. */
export function taintTitle(call: TaintedCall): string {
  return `untrusted content from ${call.sources.join(', ')} is in this conversation, and this ${call.toolName} call can send data out; run it?`;
}

/**
 * The line written when a tainted call is refused because no one is at a
 * terminal: what was refused, why, and how to let it through. `shown` is the
 * call as a person reads it, already sanitized.
 */
export function taintRefusal(call: TaintedCall, shown: string): string {
  const first = shown.split('\n')[0] ?? '';
  const what = first === '' ? call.toolName : `${call.toolName} "${first}"`;
  return (
    `kodama: ${what} was refused, not run: untrusted content from ${call.sources.join(', ')} is in this ` +
    'conversation and this call can send data out, so it needs confirmation, and no one could confirm it ' +
    '(stdin is not a terminal; --yes does not cover it). Run kodama in a terminal to be asked, or allow ' +
    'such calls with --yes=all\n'
  );
}

/**
 * The CLI's runtime taint gate: a call that can send data out after
 * untrusted content entered the conversation is asked about on the terminal,
 * naming the sources and showing the call readable (the command, the URL;
 * sanitized), with no "always", even under `--yes` (which approves ordinary
 * commands only); `--yes=all` allows it without asking. With no terminal it
 * is refused as unattended, with a line on stderr saying so. The workspace's
 * confirmer and sanitizer are loaded on the first tainted call.
 */
export function cliTaintGate(setup: TaintGateSetup): TaintGate {
  if (setup.yesAll) return () => true;
  let ask: ((call: TaintedCall, signal: AbortSignal) => Promise<TaintAnswer>) | undefined;
  return async (call, signal) => {
    if (!ask) {
      const { describeToolCall } = await import('@kodama/core/taint');
      const { sanitizeForDisplay, terminalConfirmer } = await import('@kodama/workspace');
      const confirmer = terminalConfirmer({ input: setup.stdin, output: setup.stderr });
      ask = async (c, s) => {
        const shown = sanitizeForDisplay(describeToolCall(c.arguments));
        if (setup.stdin.isTTY !== true) {
          setup.stderr.write(taintRefusal(c, shown.text));
          return 'unattended';
        }
        const request = {
          tool: c.toolName,
          title: taintTitle(c),
          detail: shown.text,
          warnings: shown.warnings,
        };
        return confirmer.confirm(request, s);
      };
    }
    return ask(call, signal);
  };
}
