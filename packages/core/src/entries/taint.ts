/** @kodama/core/taint: the runtime gate on egress once untrusted content is in the conversation. */
export { describeToolCall, escapeHidden } from '../taint/describe-tool-call.ts';
export { taintRefusal } from '../taint/taint-check.ts';
export type { TaintAnswer, TaintedCall, TaintGate } from '../taint/taint-gate.ts';
export { taintSources } from '../taint/taint-sources.ts';
