import type { Content } from '@kodama/core';
import type { InputMapper, NodeInputs } from './graph-config.ts';

/**
 * A node's default input: the start gets the Run's input as it is; any other
 * node `Original Task:\n<task>\n\nInputs from previous nodes:` then
 * `From <name>:\n<output>` per predecessor (`Failed with <ErrorType>.` for
 * an error route, never the error's message, which may hold what the next
 * model must not see).
 */
export function defaultNodeInput(inputs: NodeInputs): string {
  const parts = inputs.from.map(
    (f) => `From ${f.node}:\n${f.errorType ? `Failed with ${f.errorType}.` : (f.output ?? '')}`,
  );
  return [`Original Task:\n${inputs.task}`, 'Inputs from previous nodes:', ...parts].join('\n\n');
}

/** The input by precedence: the edge's mapper, the fan-in group's, the node's, else the default. */
export function nodeInput(
  inputs: NodeInputs,
  mappers: { edge?: InputMapper; group?: InputMapper; node?: InputMapper },
): Content {
  const mapper = mappers.edge ?? mappers.group ?? mappers.node;
  return mapper ? mapper(inputs) : defaultNodeInput(inputs);
}
