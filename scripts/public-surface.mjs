// Counts the names each package exports from each entry of its package.json
// `exports` (types and values alike), read by the TypeScript checker from the
// sources. `node scripts/public-surface.mjs` prints one line per entry and a total per package.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const entries = [];
for (const dir of readdirSync(join(root, 'packages')).sort()) {
  const pkg = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
  for (const [key, value] of Object.entries(pkg.exports ?? {})) {
    const source = typeof value === 'object' ? value['@kodama/source'] : undefined;
    if (typeof source === 'string' && source.endsWith('.ts')) {
      entries.push({ pkg: pkg.name, key, file: join(root, 'packages', dir, source) });
    }
  }
}
const program = ts.createProgram(
  entries.map((e) => e.file),
  {
    allowImportingTsExtensions: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    customConditions: ['@kodama/source'],
    skipLibCheck: true,
  },
);
const checker = program.getTypeChecker();
const totals = new Map();
for (const e of entries) {
  const sf = program.getSourceFile(e.file);
  const symbol = sf && checker.getSymbolAtLocation(sf);
  const count = symbol ? checker.getExportsOfModule(symbol).length : 0;
  totals.set(e.pkg, (totals.get(e.pkg) ?? 0) + count);
  console.log(`${e.pkg}${e.key === '.' ? '' : e.key.slice(1)}\t${count}`);
}
console.log('--- per package');
for (const [pkg, n] of totals) console.log(`${pkg}\t${n}`);
