/** @kodama/core/ids: where ids and time come from (seams a test replaces). */
export { type Clock, SYSTEM_CLOCK } from '../ids/clock.ts';
export { type IdKind, type IdSource, RANDOM_IDS, sequentialIds } from '../ids/id-source.ts';
