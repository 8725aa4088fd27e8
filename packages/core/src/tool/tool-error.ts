import { KodamaError } from '../errors/kodama-error.ts';

/**
 * A recoverable tool failure: throw it from `execute` and the model reads
 * `Error: <message>` as the observation, so it can correct itself (a bad path,
 * a missing file, a refused URL). Returning a string that starts with
 * `Error: ` is the same thing. Any other exception is a tool *failure*.
 */
export class ToolError extends KodamaError {}
