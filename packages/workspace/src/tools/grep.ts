import { stat } from 'node:fs/promises';
import { type AnyTool, defineTool, params, ToolError } from '@kodama/core';
import { findRipgrep } from '../ripgrep.ts';
import { runProcess } from '../subprocess/run-process.ts';
import { hardLinksToDenied } from '../workspace/denied-scan.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { readerLegs } from './legs.ts';
import { toToolError } from './observe.ts';
import { ripgrepRecords } from './ripgrep-lines.ts';

/** Most result lines shown. */
export const GREP_MAX_RESULTS = 500;
/** Most bytes of output shown. */
export const GREP_MAX_BYTES = 30 * 1024;
/** ripgrep output read before stopping it (the listing is then marked incomplete). */
const RAW_CAP = 16 * 1024 * 1024;

const parameters = params()
  .requiredString('pattern', 'Regular expression (ripgrep syntax)')
  .optionalString('path', 'File or directory to search (default: the project root)')
  .optionalString('glob', 'Only search files matching this glob, e.g. "*.ts" or "src/**/*.md"')
  .optionalBoolean('case_insensitive', 'Ignore case (default false)')
  .optionalEnum(
    'output_mode',
    ['content', 'files_with_matches', 'count'],
    'content: matching lines (default); files_with_matches: file paths only; count: matches per file',
  );

const DESCRIPTION = `Searches file contents in the workspace with ripgrep.
Usage:
- Hidden files are searched; .gitignore'd files and credential files are not.
- Results are sorted by path and capped at ${GREP_MAX_RESULTS} lines; narrow path or glob when capped.
- Use files_with_matches to find where something is, then read.`;

/** The `grep` tool (ripgrep) over a workspace. */
export function grepTool(workspace: Workspace, options: { readonly ripgrepPath?: string } = {}): AnyTool {
  return defineTool({
    name: 'grep',
    description: DESCRIPTION,
    parameters,
    trifectaLegs: readerLegs(workspace),
    effects: {
      kinds: ['readsPath'],
      of: (args) => [{ kind: 'readsPath', path: args.path ?? '.', searches: true }],
    },
    async execute(args, context) {
      const shownAs = args.path ?? '.';
      const mode = args.output_mode ?? 'content';
      try {
        const real = await workspace.resolve(shownAs, 'read');
        const info = await stat(real);
        // ripgrep blocks on a FIFO named explicitly (in a directory walk it skips them).
        if (!info.isFile() && !info.isDirectory())
          throw new ToolError(`${shownAs} is not a regular file or a directory; grep searches files only`);
        const rg = options.ripgrepPath ?? (await findRipgrep());
        const argv = [
          rg,
          '--null',
          '--color=never',
          '--no-heading',
          '--with-filename',
          '--hidden',
          '--no-require-git',
        ];
        if (mode === 'content') argv.push('--line-number', '--max-columns=2000', '--max-columns-preview');
        if (mode === 'files_with_matches') argv.push('--files-with-matches');
        if (mode === 'count') argv.push('--count-matches');
        if (args.case_insensitive === true) argv.push('--ignore-case');
        if (args.glob !== undefined) argv.push('--glob', args.glob);
        // After the model's glob: with ripgrep the last matching glob wins, so these cannot be undone.
        argv.push(...workspace.denylist.ripgrepExclusions(), '--glob', '!.git');
        argv.push('--regexp', args.pattern, '--', real); // always an explicit path: rg never reads stdin
        let received = 0;
        const result = await runProcess(argv, {
          cwd: workspace.projectRoot,
          outputMode: 'separate',
          maxOutputBytes: RAW_CAP * 2,
          signal: context.signal,
          registry: workspace.processes,
          onStdout: (chunk) => {
            received += chunk.length;
            return received <= RAW_CAP;
          },
        });
        if (result.aborted) throw context.signal.reason ?? new Error('aborted');
        if (result.exitCode === 2 && result.output === '') {
          throw new ToolError(`ripgrep failed: ${result.stderr.trim().split('\n').slice(0, 5).join('\n')}`);
        }
        let records = ripgrepRecords(result.output, workspace, mode === 'files_with_matches');
        const linked = await hardLinksToDenied(workspace, [...new Set(records.map((r) => r.path))]);
        if (linked.size > 0) records = records.filter((r) => !linked.has(r.path));
        if (records.length === 0) return `No matches for ${JSON.stringify(args.pattern)} in ${shownAs}`;
        const lines: string[] = [];
        let bytes = 0;
        for (const r of records) {
          const path = workspace.displayPath(r.path);
          const line = mode === 'files_with_matches' ? path : `${path}:${r.rest}`;
          if (lines.length >= GREP_MAX_RESULTS || bytes + line.length + 1 > GREP_MAX_BYTES) break;
          lines.push(line);
          bytes += line.length + 1;
        }
        const hidden = records.length - lines.length;
        if (hidden > 0 || result.stoppedEarly) {
          lines.push(
            `[... ${result.stoppedEarly ? 'results were cut short; at least ' : ''}${hidden} more result lines not shown; narrow the pattern, path or glob${mode === 'content' ? ', or use output_mode=files_with_matches' : ''}]`,
          );
        }
        if (result.exitCode === 2)
          lines.push(`[some files could not be searched: ${result.stderr.trim().split('\n')[0]}]`);
        return lines.join('\n');
      } catch (error) {
        toToolError(error, shownAs);
      }
    },
  });
}
