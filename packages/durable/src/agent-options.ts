import type { IdSource } from '@kodama/core/ids';
import type { StepRunner } from '@kodama/core/loop';
import { durableIds } from './steps/durable-ids.ts';
import { durableStepRunner } from './steps/durable-step-runner.ts';

/**
 * The agent options a durable agent needs: spread them into `new Agent({...})`.
 * Outside a durable run they behave like the defaults (direct steps, random ids).
 */
export const durableAgentOptions: { readonly stepRunner: StepRunner; readonly ids: IdSource } = Object.freeze(
  {
    stepRunner: durableStepRunner,
    ids: durableIds,
  },
);
