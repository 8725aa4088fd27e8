// grep and glob over a generated tree of 50,000 small files, against plain
// `rg` (the same binary, invoked directly through the same chokepoint) on
// the same tree in the same run. Median of several interleaved runs each.
// Target: ratio_vs_rg <= 1.2. glob is compared with `rg --files` given the
// same filters (hidden files, .git and the denylist excluded, the pattern as
// --glob): glob_ratio_vs_rg_files.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolContext } from '@kodama/core';
import { executeToolCall } from '@kodama/core/tool';
import { autoApprove, findRipgrep, runProcess, Workspace, workspaceTools } from '../src/index.ts';

const FILES = 50_000;
const PER_DIR = 100;
const RUNS = 9;
const PATTERN = 'needle_[0-9]+';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const root = realpathSync(mkdtempSync(join(tmpdir(), 'kodama-bench-grep-')));
try {
  for (let d = 0; d < FILES / PER_DIR; d++) {
    const dir = join(root, `pkg${d % 10}`, `dir${d}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < PER_DIR; f++) {
      const n = d * PER_DIR + f;
      const body =
        n % 10 === 0 ? `const a = ${n};\n// needle_${n} here\nexport {};\n` : `const a = ${n};\nexport {};\n`;
      writeFileSync(join(dir, `file${f}.ts`), body);
    }
  }
  const workspace = await Workspace.create({ projectRoot: root });
  const tools = workspaceTools(workspace, { confirmer: autoApprove });
  const context: ToolContext = {
    signal: new AbortController().signal,
    agentId: '',
    toolCallId: 'b',
    idempotencyKey: 'b',
    emit: () => {},
  };
  const rg = await findRipgrep();
  const run = (tool: typeof tools.grep, args: object) =>
    executeToolCall(tool, { id: 'b', name: tool.name, arguments: JSON.stringify(args) }, context).then(
      (o) => {
        if (o.kind !== 'ok') throw new Error(String(o.result));
      },
    );
  const grep = () => run(tools.grep, { pattern: PATTERN });
  const GLOB = '**/file1*.ts';
  const glob = () => run(tools.glob, { pattern: GLOB });
  const files = () =>
    runProcess(
      [
        rg,
        '--files',
        '--null',
        '--hidden',
        '--no-require-git',
        '--glob',
        '!.git',
        ...workspace.denylist.ripgrepExclusions(),
        '--glob',
        GLOB,
        '--',
        root,
      ],
      { maxOutputBytes: 64 * 1024 * 1024 },
    ).then((r) => {
      if (r.exitCode !== 0) throw new Error(r.stderr);
    });
  const plain = () =>
    runProcess([rg, '--line-number', '--regexp', PATTERN, '--', root], {
      maxOutputBytes: 64 * 1024 * 1024,
    }).then((r) => {
      if (r.exitCode !== 0) throw new Error(r.stderr);
    });
  // Warm the page cache and the module caches once.
  await plain();
  await grep();
  await glob();
  await files();
  const grepMs: number[] = [];
  const filesMs: number[] = [];
  const rgMs: number[] = [];
  const globMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    rgMs.push(await time(plain));
    grepMs.push(await time(grep));
    globMs.push(await time(glob));
    filesMs.push(await time(files));
  }
  await workspace.close();
  const g = median(grepMs);
  const r = median(rgMs);
  const gl = median(globMs);
  const fl = median(filesMs);
  console.log(
    `files=${FILES} runs=${RUNS} grep runs: ${grepMs.map(Math.round).join(',')} rg runs: ${rgMs.map(Math.round).join(',')}`,
  );
  console.log(
    `RESULT grep ratio_vs_rg=${(g / r).toFixed(2)} grep_ms=${g.toFixed(1)} rg_ms=${r.toFixed(1)} glob_ms=${gl.toFixed(1)} rg_files_ms=${fl.toFixed(1)} glob_ratio_vs_rg_files=${(gl / fl).toFixed(2)}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
