import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { type AnyTool, defineTool, params, ToolError } from '@kodama/core';
import { compileGlob, GLOB_MAX_ALTERNATIVES, type GlobMatcher } from '../fs/glob-matcher.ts';
import { findRipgrep } from '../ripgrep.ts';
import { runProcess } from '../subprocess/run-process.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { readerLegs } from './legs.ts';
import { toToolError } from './observe.ts';
import { ripgrepRecords } from './ripgrep-lines.ts';

/** Most paths listed. */
export const GLOB_MAX_RESULTS = 500;

const parameters = params()
  .requiredString(
    'pattern',
    'Glob relative to path, e.g. "**/*.ts", "src/*.md"; without "/" it matches file names at any depth',
  )
  .optionalString('path', 'Directory to search (default: the project root)');

const DESCRIPTION = `Finds files by name in the workspace, newest first.
Usage:
- ** spans directories, * and ? stay within one, {a,b} and [abc] work; a pattern without / matches names at any depth.
- .gitignore'd files, .git and credential files are not listed; at most ${GLOB_MAX_RESULTS} paths.
- To search file contents use grep.`;

/**
 * mtime of each path (0 when it vanished). Synchronous stats in slices: for
 * thousands of small calls they cost a fraction of the thread-pool round
 * trips, and yielding between slices keeps the event loop responsive.
 */
async function modificationTimes(paths: readonly string[]): Promise<{ path: string; mtime: number }[]> {
  const out: { path: string; mtime: number }[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (i > 0 && i % 2000 === 0) await new Promise((r) => setImmediate(r));
    const path = paths[i]!;
    out.push({ path, mtime: statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0 });
  }
  return out;
}

/** The pattern compiled, or a ToolError naming it when it cannot compile (`[z-a]`, `{a,b`). */
function compilePattern(pattern: string): GlobMatcher {
  try {
    return compileGlob(pattern);
  } catch (error) {
    throw new ToolError(
      `invalid glob pattern ${JSON.stringify(pattern)} (${(error as Error).message}); allowed: * and ? within one directory, ** across directories, [abc] or [a-z] with ascending ranges, [!abc], and {a,b} with matching braces (at most ${GLOB_MAX_ALTERNATIVES} alternatives)`,
    );
  }
}

/** Paths matched between two looks at the signal, so a deadline stops a long listing. */
const SIGNAL_CHECK_EVERY = 1024;

/** The `glob` tool (ripgrep's file walker, filtered and sorted here) over a workspace. */
export function globTool(workspace: Workspace, options: { readonly ripgrepPath?: string } = {}): AnyTool {
  return defineTool({
    name: 'glob',
    description: DESCRIPTION,
    parameters,
    trifectaLegs: readerLegs(workspace),
    effects: {
      kinds: ['readsPath'],
      of: (args) => [{ kind: 'readsPath', path: args.path ?? '.', searches: true }],
    },
    async execute(args, context) {
      const shownAs = args.path ?? '.';
      if (isAbsolute(args.pattern) || args.pattern.split('/').includes('..')) {
        throw new ToolError(
          'the pattern must be relative to path and must not contain ".."; pass the directory as path',
        );
      }
      const matcher = compilePattern(args.pattern);
      try {
        const real = await workspace.resolve(shownAs, 'read');
        if (!(await stat(real)).isDirectory()) throw new ToolError(`${shownAs} is not a directory`);
        const rg = options.ripgrepPath ?? (await findRipgrep());
        // rg's own --glob would override .gitignore, so the pattern is applied here instead.
        const argv = [
          rg,
          '--files',
          '--null',
          '--color=never',
          '--hidden',
          '--no-require-git',
          '--glob',
          '!.git',
        ];
        argv.push(...workspace.denylist.ripgrepExclusions(), '--', real);
        const result = await runProcess(argv, {
          cwd: workspace.projectRoot,
          outputMode: 'separate',
          maxOutputBytes: 64 * 1024 * 1024,
          signal: context.signal,
          registry: workspace.processes,
        });
        if (result.aborted) throw context.signal.reason ?? new Error('aborted');
        if (result.exitCode === 2 && result.output === '')
          throw new ToolError(`ripgrep failed: ${result.stderr.trim()}`);
        const prefix = real.endsWith('/') ? real : `${real}/`;
        let tested = 0;
        const matched = ripgrepRecords(result.output, workspace, true, (path) => {
          if (++tested % SIGNAL_CHECK_EVERY === 0 && context.signal.aborted)
            throw context.signal.reason ?? new Error('aborted');
          return matcher.test(path.startsWith(prefix) ? path.slice(prefix.length) : relative(real, path));
        });
        if (matched.length === 0) return `No files match ${JSON.stringify(args.pattern)} in ${shownAs}`;
        const withTimes = await modificationTimes(matched.map((r) => r.path));
        withTimes.sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? -1 : 1));
        const shown = withTimes.slice(0, GLOB_MAX_RESULTS).map((f) => workspace.displayPath(f.path));
        if (withTimes.length > shown.length) {
          shown.push(
            `[... ${withTimes.length - shown.length} more files not shown; narrow the pattern or path]`,
          );
        }
        return shown.join('\n');
      } catch (error) {
        toToolError(error, shownAs);
      }
    },
  });
}
