import type { TaintedCall, TaintGate } from '@kodama/core';

/** What the command line says about tainted calls, and where to ask. */
export interface TaintGateSetup {
  /** `--yes=all`: allow tainted calls too, without asking. */
  readonly yesAll: boolean;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream;
}

/**
 * The CLI's runtime taint gate: a call of an egress-capable tool after
 * untrusted content entered the conversation is asked about on the terminal,
 * naming the sources, even under `--yes` (which approves ordinary commands
 * only); `--yes=all` allows it without asking. With no terminal it is refused.
 * The workspace's confirmer does the asking, loaded on the first tainted call.
 */
export function cliTaintGate(setup: TaintGateSetup): TaintGate {
  if (setup.yesAll) return () => true;
  let confirm: ((call: TaintedCall, signal: AbortSignal) => Promise<boolean>) | undefined;
  return async (call, signal) => {
    if (!confirm) {
      const { sanitizeForDisplay, terminalConfirmer } = await import('@kodama/workspace');
      const confirmer = terminalConfirmer({ input: setup.stdin, output: setup.stderr });
      confirm = (c, s) => {
        const detail = sanitizeForDisplay(c.arguments);
        const title = `untrusted content from ${c.sources.join(', ')} is in this conversation; run ${c.toolName} anyway? It can send data out.`;
        return confirmer.confirm(
          { tool: c.toolName, title, detail: detail.text, warnings: detail.warnings },
          s,
        );
      };
    }
    return confirm(call, signal);
  };
}
