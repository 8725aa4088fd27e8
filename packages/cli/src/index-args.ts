import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse } from './parse-support.ts';

/** `kodama index [<dir>...] [--root <dir>] [--embed <target>] [--watch]`. */
export interface IndexArgs {
  readonly command: 'index';
  /** Folders to index (default: the root). */
  readonly dirs: readonly string[];
  /** `--root`: the project whose corpus this is (default: the current directory). */
  readonly root: string | undefined;
  /** `--embed <target>`: the embedding model that adds vectors. */
  readonly embed: string | undefined;
  /** `--watch`: index again whenever files change, until Ctrl+C. */
  readonly watch: boolean;
}

/** The usage of `kodama index`. */
export const INDEX_USAGE = `Usage: kodama index [<dir>...] [--root <dir>] [--embed <target>] [--watch]

Indexes a project's documents for corpus_search and corpus_read (kodama ask
--tools corpus_search,corpus_read): Markdown, text and code, PDF and HTML,
cut into overlapping chunks that keep their headings. Incremental: a file
whose content is unchanged is skipped, a deleted one is removed. The folders
(default: the root) must lie in the project; hidden files, node_modules and
credential files are never indexed.

Options:
      --root <dir>       the project root (default: the current directory)
      --embed <target>   an embedding model, for search by meaning as well as by
                         words: openai:text-embedding-3-small, ollama:nomic-embed-text,
                         openai-compatible:<url>@<model>, google:<model>,
                         local:<embedding model>.gguf; remembered by the index
                         (else $KODAMA_EMBED; without one, keyword search only)
      --watch            keep watching and index changes as they happen (Ctrl+C stops)
  -h, --help             print this help

The index lives in $XDG_DATA_HOME/kodama/memory.db (else ~/.local/share/kodama).
`;

const INDEX_OPTIONS = {
  root: { type: 'string' },
  embed: { type: 'string' },
  watch: { type: 'boolean' },
} as const;

/** Parses the words after `kodama index`. Throws UsageError. */
export function parseIndex(args: readonly string[]): IndexArgs {
  const { values, positionals } = strictParse('index', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: INDEX_OPTIONS,
    }),
  );
  return {
    command: 'index',
    dirs: positionals,
    root: values.root,
    embed: values.embed,
    watch: values.watch ?? false,
  };
}

/** `kodama index`. */
export const indexCommand = defineCommand<IndexArgs>({
  name: 'index',
  synopsis: 'index [<dir>...]',
  summary: "index the project's documents for corpus_search",
  usage: INDEX_USAGE,
  options: INDEX_OPTIONS,
  parse: parseIndex,
  load: () => import('./index-command.ts').then((m) => m.indexCommand),
});
