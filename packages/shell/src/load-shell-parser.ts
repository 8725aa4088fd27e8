import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import type { ShellParser } from './command-line.ts';
import { readLine } from './read-line.ts';

let loading: Promise<ShellParser> | undefined;

/**
 * Loads the bash parser (tree-sitter-bash compiled to WebAssembly, run by
 * web-tree-sitter). The first call initialises the WebAssembly module (tens
 * of milliseconds); later calls return the same parser.
 *
 * @throws Error when the grammar file cannot be found or loaded (a broken
 *   install: reinstall `@kodama/shell`).
 */
export function loadShellParser(): Promise<ShellParser> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw new Error(
      `could not load the bash parser (tree-sitter-bash): ${(error as Error).message}; reinstall @kodama/shell`,
    );
  });
  return loading;
}

async function load(): Promise<ShellParser> {
  await Parser.init();
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-bash/tree-sitter-bash.wasm');
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasm));
  return {
    parse(source) {
      const tree = parser.parse(source);
      if (tree === null) return { source, commands: [], beyond: ['parse error'] };
      try {
        return readLine(source, tree.rootNode);
      } finally {
        tree.delete();
      }
    },
  };
}
