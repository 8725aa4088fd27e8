import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse, UsageError } from './parse-support.ts';
import { checkModulePath } from './run-args.ts';

/** `kodama graph <file> [--mermaid]`: draw the graph a module exports. */
export interface GraphArgs {
  readonly command: 'graph';
  readonly file: string;
  /** The diagram's format; Mermaid is the one there is (and the default). */
  readonly format: 'mermaid';
}

/** The usage of `kodama graph`. */
export const GRAPH_USAGE = `Usage: kodama graph <file.ts|file.js> [--mermaid]

Prints the diagram of the graph that the module exports as its default
export (a graph({ ... }) of @kodama/assemblies), as a Mermaid flowchart:
the start and finish as rounded nodes, conditions on their edges, fan-outs
through a fork and fan-ins through a join, error edges dashed. Paste it into
a Markdown file (a \`\`\`mermaid block) or https://mermaid.live to see it.
The module is loaded as kodama run loads it (TypeScript through tsx), so it
builds its agents: a model must be configured, but none is asked.

Options:
      --mermaid            the output format (the default, and the only one for now)
  -h, --help               print this help
`;

const GRAPH_OPTIONS = { mermaid: { type: 'boolean' } } as const;

/** Parses the words after `kodama graph`. Throws UsageError. */
export function parseGraph(args: readonly string[]): GraphArgs {
  const { positionals } = strictParse('graph', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: GRAPH_OPTIONS,
    }),
  );
  const [file, extra] = positionals;
  checkModulePath(file, 'graph');
  if (extra !== undefined)
    throw new UsageError(`kodama graph takes one module file, got also "${extra}"`, 'graph');
  return { command: 'graph', file: file!, format: 'mermaid' };
}

/** `kodama graph`. */
export const graphCommand = defineCommand<GraphArgs>({
  name: 'graph',
  synopsis: 'graph <file.ts> --mermaid',
  summary: 'print the diagram of the graph a module exports',
  usage: GRAPH_USAGE,
  options: GRAPH_OPTIONS,
  parse: parseGraph,
  load: () => import('./graph-command.ts').then((m) => m.graphCommand),
});
