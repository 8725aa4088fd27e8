// `npm run bench -- <name>` runs packages/*/bench/<name>.ts alone in a fresh
// process; `npm run bench` with no name lists the benchmarks. Benchmarks run
// from source, like the tests: the `@kodama/source` condition resolves every
// `@kodama/*` import to `src/*.ts` (a benchmark of the compiled output, such as
// cli-startup, builds and spawns it itself).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const packages = readdirSync('packages');
const all = packages.flatMap((p) => {
  const dir = join('packages', p, 'bench');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
        .map((f) => ({ name: f.slice(0, -3), file: join(dir, f) }))
    : [];
});
const name = process.argv[2];
const chosen = all.find((b) => b.name === name);
if (!chosen) {
  console.error(name ? `no benchmark named "${name}"` : 'usage: npm run bench -- <name>');
  console.error(`benchmarks: ${all.map((b) => b.name).join(', ') || '(none yet)'}`);
  process.exit(name ? 1 : 0);
}
const result = spawnSync(
  process.execPath,
  ['--expose-gc', '--conditions=@kodama/source', '--import', 'tsx', chosen.file, ...process.argv.slice(3)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
