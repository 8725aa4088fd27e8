// Exactly one module in packages/*/src may start processes. Test files,
// scripts/ and bench/ are exempt (they are not shipped code).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const CHOKEPOINT = join('packages', 'workspace', 'src', 'subprocess', 'run-process.ts');
// The documented exception: an MCP stdio server is started by the MCP client (in a process group of its own).
const MCP_STDIO = join('packages', 'mcp', 'src', 'client', 'process-group-transport.ts');
// Any way to reach the process-spawning machinery of Node.
const SPAWNING = [
  /['"](?:node:)?child_process['"]/,
  /process\.binding\(\s*['"](?:spawn_sync|process_wrap)['"]/,
  /\bprocess\.dlopen\b/,
];

function sourceFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|js|mjs|cjs|mts|cts)$/.test(n) ? [p] : [];
  });
}

function offenders(): string[] {
  const packages = readdirSync('packages');
  const found: string[] = [];
  for (const p of packages) {
    for (const file of sourceFiles(join('packages', p, 'src'))) {
      if (file === CHOKEPOINT || file === MCP_STDIO) continue;
      const source = readFileSync(file, 'utf8');
      if (SPAWNING.some((re) => re.test(source))) found.push(file);
    }
  }
  return found;
}

test('only the subprocess chokepoint imports node:child_process', () => {
  assert.deepEqual(offenders(), []);
});

test('the chokepoint itself does import it (the scan is not vacuous)', () => {
  const source = readFileSync(CHOKEPOINT, 'utf8');
  assert.ok(SPAWNING.some((re) => re.test(source)));
});

test('the patterns catch the usual spellings', () => {
  for (const line of [
    "import { spawn } from 'node:child_process';",
    'const cp = require("child_process");',
    "const { exec } = await import('node:child_process');",
    "process.binding('spawn_sync')",
  ]) {
    assert.ok(
      SPAWNING.some((re) => re.test(line)),
      line,
    );
  }
});
