// `kodama version` (also `--version`, `-v`): its runner is light enough to live
// here; it reads only kodama's package.json.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { EXIT } from './exit-status.ts';
import { strictParse } from './parse-support.ts';

/** `kodama --version` / `kodama version`. */
export interface VersionArgs {
  readonly command: 'version';
}

/** The version in kodama's package.json (next to `src/` and `dist/` alike). */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** `kodama version`. */
export const versionCommand = defineCommand<VersionArgs>({
  name: 'version',
  synopsis: 'version',
  summary: 'print the version (also: kodama --version, -v)',
  usage: `Usage: kodama version   (also: kodama --version, kodama -v)

Prints "kodama <version>".
`,
  options: {},
  flags: ['--version', '-v'],
  parse(words) {
    strictParse('version', () =>
      parseArgs({ args: [...words], allowPositionals: false, strict: true, options: {} }),
    );
    return { command: 'version' };
  },
  load: async () => async (_args, io) => {
    io.stdout.write(`kodama ${version()}\n`);
    return EXIT.ok;
  },
});
