// Public API of the agent: the class, its options and errors, and the loop's
// vocabulary (events, listeners, controls, extensions, step runner).

export * from '../controls/index.ts';
export * from '../events/index.ts';
export * from '../extensions/index.ts';
export * from '../listeners/index.ts';
export * from '../loop/index.ts';
export * from '../synthesizer/index.ts';
export { Agent } from './agent.ts';
export type { AgentOptions, RunOptions, ToolFailurePolicy } from './agent-options.ts';
export { agentNode, agentTrifecta } from './agent-trifecta.ts';
export { AgentClosedError, TurnInProgressError } from './errors.ts';
