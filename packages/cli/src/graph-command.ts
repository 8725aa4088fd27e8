import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { GraphArgs } from './graph-args.ts';
import { describeValue, importDefault, ModuleLoadError } from './load-runnable.ts';

/** What `kodama graph` needs of the default export: a graph of @kodama/assemblies. */
interface Drawable {
  readonly kind: 'graph';
  readonly id: string;
  toMermaid(): string;
  validate(): string[];
}

function isGraph(value: unknown): value is Drawable {
  const v = value as Partial<Drawable> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.kind === 'graph' &&
    typeof v.toMermaid === 'function' &&
    typeof v.validate === 'function'
  );
}

/**
 * `kodama graph <file> --mermaid`: prints the diagram of the graph a module
 * exports. A graph whose definition has problems (edited after it was
 * checked) is still drawn; its problems go to stderr and the exit status is 1.
 */
export async function graphCommand(args: GraphArgs, io: CliIO): Promise<number> {
  const say = (message: string) => io.stderr.write(`kodama: ${message}\n`);
  let value: unknown;
  let exports: readonly string[];
  try {
    ({ value, exports } = await importDefault(args.file, process.cwd()));
  } catch (error) {
    if (!(error instanceof ModuleLoadError)) throw error;
    say(error.message);
    return error.usage ? EXIT.usage : EXIT.failed;
  }
  if (!isGraph(value)) {
    say(
      `the default export of ${args.file} is ${describeValue(value, exports)}; kodama graph draws a graph ` +
        '(export default graph({ nodes, start, finish, edges }) from @kodama/assemblies)',
    );
    return EXIT.usage;
  }
  const diagram = value.toMermaid();
  io.stdout.write(diagram.endsWith('\n') ? diagram : `${diagram}\n`);
  const problems = value.validate();
  for (const problem of problems) say(`graph ${value.id}: ${problem}`);
  return problems.length > 0 ? EXIT.failed : EXIT.ok;
}
