import type { RecordedRequest, Script, ScriptedReply } from '../script.ts';

/** The reply a script gives for one call, or why it gives none. */
export type PickedReply =
  | { readonly ok: true; readonly reply: ScriptedReply }
  | { readonly ok: false; readonly message: string };

/**
 * The reply for `request` (whose `callIndex` is its position among model
 * calls). A list that ran out, or a script function that threw, gives a
 * message prefixed with `prefix` (e.g. `testkit`) so a test can see it.
 */
export function pickReply(script: Script, request: RecordedRequest, prefix: string): PickedReply {
  if (typeof script === 'function') {
    try {
      return { ok: true, reply: script(request) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, message: `${prefix}: script function threw: ${reason}` };
    }
  }
  const reply = script[request.callIndex];
  if (reply === undefined) {
    return {
      ok: false,
      message: `${prefix}: script exhausted after ${script.length} calls (call #${request.callIndex + 1} has no scripted reply)`,
    };
  }
  return { ok: true, reply };
}
