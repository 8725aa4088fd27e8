#!/usr/bin/env node
// `npm run build` (also run by `prepare` on `npm ci`, and by the test runner):
// compiles each package's src/ into its dist/ with `tsc -b tsconfig.build.json`,
// incrementally and in dependency order. tsc never deletes the output of a
// source file that is gone, so those are removed first: dist/, and therefore
// every tarball, holds exactly what src/ has. Extra arguments go to tsc.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

for (const pkg of readdirSync(join(ROOT, 'packages'))) {
  const dist = join(ROOT, 'packages', pkg, 'dist');
  if (!existsSync(dist)) continue;
  for (const file of files(dist)) {
    const output = /^(.*)\.(?:js|d\.ts)$/.exec(relative(dist, file));
    if (output && !existsSync(join(ROOT, 'packages', pkg, 'src', `${output[1]}.ts`))) rmSync(file);
  }
}

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
