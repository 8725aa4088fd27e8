import type { CliIO } from './cli-io.ts';

/** SIGINT and SIGTERM turned into one abort signal for a command's Run. */
export interface StopSignals {
  /** Aborted by Ctrl+C (SIGINT) or SIGTERM. */
  readonly signal: AbortSignal;
  /** True once SIGTERM arrived (the command then exits 143 rather than 130). */
  readonly terminated: boolean;
  /** Stops listening. */
  dispose(): void;
}

/**
 * Listens for SIGINT and SIGTERM on `io.signals` (default `process`) and
 * aborts one signal on either. SIGTERM (a supervisor, `kill`) cancels like
 * Ctrl+C: without a handler Node would exit at once and skip closing what the
 * Run owns (MCP servers' process groups, the session's last save).
 */
export function stopSignals(io: Pick<CliIO, 'signals'>): StopSignals {
  const signals = io.signals ?? process;
  const interrupt = new AbortController();
  let terminated = false;
  const onInterrupt = () => interrupt.abort();
  const onTerminate = () => {
    terminated = true;
    interrupt.abort();
  };
  signals.on('SIGINT', onInterrupt);
  signals.on('SIGTERM', onTerminate);
  return {
    signal: interrupt.signal,
    get terminated() {
      return terminated;
    },
    dispose() {
      signals.off('SIGINT', onInterrupt);
      signals.off('SIGTERM', onTerminate);
    },
  };
}
