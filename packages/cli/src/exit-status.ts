/**
 * Exit statuses of the `kodama` command: by Run outcome, plus usage errors;
 * `loud` is `kodama trifecta`'s "the lethal trifecta is unmitigated";
 * `cancelled` after Ctrl+C (SIGINT), `terminated` after SIGTERM (the run is
 * cancelled the same way, and what it owns is closed before exiting).
 */
export const EXIT = Object.freeze({
  ok: 0,
  failed: 1,
  usage: 2,
  partial: 3,
  loud: 3,
  cancelled: 130,
  /** stdout was closed by its reader (`| head -1`): ended quietly, as after SIGPIPE. */
  outputClosed: 141,
  terminated: 143,
});
