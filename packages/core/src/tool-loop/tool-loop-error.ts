import { KodamaError } from '../errors/kodama-error.ts';

/**
 * The model kept calling one tool with the same arguments after it was told
 * the result would not change, so the turn was ended.
 */
export class ToolLoopError extends KodamaError {
  /** The tool the model kept calling. */
  readonly toolName: string;
  /** How many identical calls in a row it made. */
  readonly repeats: number;

  constructor(toolName: string, repeats: number) {
    super(
      `The model was stuck in a loop: it called the tool "${toolName}" with the same arguments ` +
        `${repeats} times in a row, even after being told the result would not change, so the turn was stopped. ` +
        'Try rephrasing the request or giving it more to go on.',
    );
    this.toolName = toolName;
    this.repeats = repeats;
  }
}
