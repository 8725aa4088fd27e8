import type { CliIO } from './cli-io.ts';

/** SIGINT, SIGTERM and a closed stdout turned into one abort signal for a command's Run. */
export interface StopSignals {
  /** Aborted by Ctrl+C (SIGINT), SIGTERM, or stdout closing under the Run. */
  readonly signal: AbortSignal;
  /** True once SIGTERM arrived (the command then exits 143 rather than 130). */
  readonly terminated: boolean;
  /** True once stdout was closed by its reader (`| head -1`): the command exits 141, quietly. */
  readonly outputClosed: boolean;
  /** Stops listening. */
  dispose(): void;
}

/** A write to a pipe whose reader is gone. */
export function isClosedOutput(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/**
 * Listens for SIGINT and SIGTERM on `io.signals` (default `process`), and for
 * `io.stdout` closing (EPIPE), and aborts one signal on any. SIGTERM (a
 * supervisor, `kill`) cancels like Ctrl+C: without a handler Node would exit
 * at once and skip closing what the Run owns (MCP servers' process groups, the
 * session's last save). A closed stdout (`kodama ask … | head -1`) cancels the
 * same way instead of dying on an unhandled 'error' with a stack trace.
 */
export function stopSignals(io: Pick<CliIO, 'signals' | 'stdout'>): StopSignals {
  const signals = io.signals ?? process;
  const interrupt = new AbortController();
  let terminated = false;
  let outputClosed = false;
  const onInterrupt = () => interrupt.abort();
  const onTerminate = () => {
    terminated = true;
    interrupt.abort();
  };
  const onOutputError = (error: unknown) => {
    if (!isClosedOutput(error)) return;
    outputClosed = true;
    interrupt.abort();
  };
  signals.on('SIGINT', onInterrupt);
  signals.on('SIGTERM', onTerminate);
  io.stdout?.on?.('error', onOutputError);
  return {
    signal: interrupt.signal,
    get terminated() {
      return terminated;
    },
    get outputClosed() {
      return outputClosed;
    },
    dispose() {
      signals.off('SIGINT', onInterrupt);
      signals.off('SIGTERM', onTerminate);
      io.stdout?.off?.('error', onOutputError);
    },
  };
}
