export { Cancellable, CancelledError } from './cancellable.ts';
export { Interloper } from './interloper.ts';
export type { OnExhausted } from './step-limit.ts';
export { StepLimit, StepLimitExceeded } from './step-limit.ts';
