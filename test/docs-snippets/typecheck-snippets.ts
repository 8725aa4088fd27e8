// Type-checks every snippet as a module of its own, all in one compiler
// program (one tsc per block would take minutes), with the repository's
// compiler options: `@kodama/*` resolves to the packages' sources through the
// `@kodama/source` condition, as everywhere else in the repository.
import { join } from 'node:path';
import ts from 'typescript';

/** A compiler error in a snippet, located in its Markdown page. */
export interface SnippetError {
  /** The snippet's file, as given. */
  readonly path: string;
  /** `docs/core.md:14`: the page and the line of the offending code. */
  readonly at: string;
  readonly message: string;
}

/** A snippet written to disk for the compiler (and for running). */
export interface SnippetFile {
  readonly path: string;
  /** The page and the line of its opening fence. */
  readonly file: string;
  readonly line: number;
}

/** The errors of `files`, read with the options of `root`/tsconfig.base.json. */
export function typecheckSnippets(root: string, files: readonly SnippetFile[]): SnippetError[] {
  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    // A block with no import is still a module of its own, never a global script.
    moduleDetection: ts.ModuleDetectionKind.Force,
    noEmit: true,
  };
  const program = ts.createProgram(
    files.map((f) => f.path),
    options,
  );
  const errors: SnippetError[] = [];
  for (const snippet of files) {
    const source = program.getSourceFile(snippet.path);
    if (!source) throw new Error(`the compiler did not read ${snippet.path}`);
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const d of diagnostics) {
      const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
      errors.push({
        path: snippet.path,
        at: `${snippet.file}:${snippet.line + 1 + line}`,
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      });
    }
  }
  return errors;
}
