import { extname } from 'node:path';

/**
 * Turns a file's bytes into the text to index, or throws when it cannot
 * (the indexer skips the file and reports why). Injected for formats this
 * package does not read itself: the CLI passes PDF and HTML extraction from
 * `@kodama/tools`, which a feature package cannot import.
 */
export type Extractor = (bytes: Uint8Array, path: string) => string | Promise<string>;

/** Extractors by lower-case extension with its dot (`.pdf`, `.html`). */
export type Extractors = Readonly<Record<string, Extractor>>;

/** Extensions read as Markdown: cut at headings. */
export const MARKDOWN_EXTENSIONS: ReadonlySet<string> = new Set(['.md', '.markdown', '.mdx']);

/** Extensions read as plain UTF-8 text: prose, configuration and source code. */
export const TEXT_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    '.md .markdown .mdx .txt .text .rst .adoc .org .tex .csv .tsv .json .jsonc .yaml .yml .toml .ini .cfg .conf ' +
    '.xml .sql .graphql .proto .sh .bash .zsh .fish .ps1 .js .mjs .cjs .jsx .ts .mts .cts .tsx .py .pyi .rb .go ' +
    '.rs .java .kt .kts .scala .groovy .c .h .cc .cpp .cxx .hh .hpp .cs .fs .swift .m .mm .php .lua .pl .pm .r ' +
    '.jl .dart .zig .nim .ex .exs .erl .hs .ml .mli .clj .elm .vue .svelte .astro .css .scss .less'
  ).split(' '),
);

/** UTF-8 text; a NUL in the first 8 KB means a binary file, which is refused. */
export function utf8Text(bytes: Uint8Array, path: string): string {
  if (bytes.subarray(0, 8192).includes(0)) throw new Error(`${path} looks binary (it holds NUL bytes)`);
  return new TextDecoder('utf-8').decode(bytes);
}

/** The extractor for `path`: an injected one for its extension, else UTF-8 for a text extension, else none. */
export function extractorFor(path: string, extra: Extractors = {}): Extractor | undefined {
  const ext = extname(path).toLowerCase();
  if (Object.hasOwn(extra, ext)) return extra[ext];
  return TEXT_EXTENSIONS.has(ext) ? utf8Text : undefined;
}
