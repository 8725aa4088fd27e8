/**
 * @kodama/assemblies: workflows (code decides), swarms (agents hand off) and
 * graphs (edges decide) of agents and other assemblies, each asked like an
 * agent and returning core's Run, with its steps in `run.trajectory`.
 */
export {
  AssemblyConfigError,
  AssemblyProtocolError,
  AssemblyStepLimitError,
  GraphRoutingError,
  HandoffLoopError,
  StepTimeoutError,
} from './errors.ts';
export { type Graph, graph } from './graph/graph.ts';
export type {
  ErrorClass,
  GraphEdge,
  GraphErrorEdge,
  GraphOptions,
  InputMapper,
  NodeInputs,
  NodeSpec,
} from './graph/graph-config.ts';
export { defaultNodeInput } from './graph/node-input.ts';
export {
  type Assembly,
  AssemblyRun,
  type AssemblyRunStream,
} from './runnable/assembly.ts';
export type { AssemblyKind } from './runnable/assembly-kind.ts';
export type { RetryOn, StepPolicy } from './steps/retry-policy.ts';
export {
  type Attempt,
  STEP_OUTPUT_LIMIT,
  type Step,
  Trajectory,
  type Transition,
} from './steps/trajectory.ts';
export { HANDOFF_TOOL, type Handoff } from './swarm/handoff-tool.ts';
export { handoffInput, swarm } from './swarm/swarm.ts';
export type { SwarmMember, SwarmOptions } from './swarm/swarm-config.ts';
export type { Invocation, InvokeOptions } from './workflow/invocation.ts';
export type { ParallelOptions } from './workflow/parallel.ts';
export {
  type WorkflowContext,
  type WorkflowFunction,
  type WorkflowOptions,
  workflow,
} from './workflow/workflow.ts';
