import { KodamaError } from '@kodama/core';

/** A corpus request the person or the model must change: a root that is not a folder, a source outside the roots. */
export class CorpusError extends KodamaError {}
