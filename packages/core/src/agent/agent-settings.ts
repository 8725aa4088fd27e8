import { type ArtifactSettings, artifactSettings } from '../artifacts/artifact-options.ts';
import type { Cancellable } from '../controls/cancellable.ts';
import { type Clock, SYSTEM_CLOCK } from '../ids/clock.ts';
import { type IdSource, RANDOM_IDS } from '../ids/id-source.ts';
import type { CompactionSettings } from '../loop/compact.ts';
import { DIRECT_STEP_RUNNER, type StepRunner } from '../loop/step-runner.ts';
import type { ToolFailurePolicy } from '../loop/turn-context.ts';
import type { TaintGate } from '../taint/taint-gate.ts';
import type { AgentOptions } from './agent-options.ts';

/** The per-turn settings an agent was built with, defaults filled in. */
export interface AgentSettings {
  readonly compaction: CompactionSettings | undefined;
  /** `undefined`: artifacts off. */
  readonly artifacts: ArtifactSettings | undefined;
  readonly toolLoop: { readonly maxRepeats?: number } | undefined;
  readonly toolFailures: ToolFailurePolicy;
  readonly maxResultTokens: number | undefined;
  readonly maxOutputTokens: number | undefined;
  readonly acceptTruncated: boolean;
  readonly stepRunner: StepRunner;
  readonly taintGate: TaintGate | undefined;
  readonly ids: IdSource;
  readonly clock: Clock;
}

/** The settings of validated options: every default in one place. */
export function agentSettings(options: AgentOptions): AgentSettings {
  return {
    compaction: options.compaction === false ? undefined : (options.compaction ?? {}),
    artifacts:
      options.artifacts === undefined || options.artifacts === false
        ? undefined
        : artifactSettings(options.artifacts, options.maxResultTokens),
    toolLoop: options.toolLoop === false ? undefined : (options.toolLoop ?? {}),
    toolFailures: options.toolFailures ?? 'raise',
    maxResultTokens: options.maxResultTokens,
    maxOutputTokens: options.maxOutputTokens,
    acceptTruncated: options.acceptTruncated ?? false,
    stepRunner: options.stepRunner ?? DIRECT_STEP_RUNNER,
    taintGate: options.taintGate,
    ids: options.ids ?? RANDOM_IDS,
    clock: options.clock ?? SYSTEM_CLOCK,
  };
}

/** The turn's cancel signal: the agent's Cancellable, the caller's signal, either, both, or one that never fires. */
export function turnSignal(
  cancellable: Cancellable | undefined,
  signal: AbortSignal | undefined,
): AbortSignal {
  if (!signal) return cancellable?.signal ?? new AbortController().signal;
  return cancellable ? AbortSignal.any([cancellable.signal, signal]) : signal;
}
