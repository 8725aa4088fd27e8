// Enforces docs/ARCHITECTURE.md's tiers: kernel → capabilities → products → cli.
// A package's source (and its package.json dependencies) may use only packages
// in lower tiers, plus the exceptions named below with their reasons. Packages
// of one tier do not import each other. testkit is a development dependency:
// no package's source uses it, tests may. No test below the CLI imports the CLI.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

/** Each package's tier; a package may depend only on packages of a lower tier. */
const TIERS = {
  /** The vocabulary everyone shares: messages, the Model port, tools, the Run, events; bash parsing. */
  kernel: ['core', 'shell'],
  /** What an agent can use: model adapters, file and web tools, stores, memory, MCP, skills, sub-agents, tracing. */
  capabilities: [
    'models',
    'workspace',
    'tools',
    'sqlite',
    'memory',
    'mcp',
    'skills',
    'subagents',
    'otel',
    'code-mode',
    'tool-search',
    'testkit',
  ],
  /** What a person or a service runs: the terminal assistant, assemblies, durable runs, AG-UI, the inspector. */
  products: ['assistant', 'assemblies', 'durable', 'ag-ui', 'inspector'],
  /** The composition root: imports anything (but testkit), imported by nothing. */
  cli: ['cli'],
} as const;

type Tier = keyof typeof TIERS;
const ORDER: readonly Tier[] = ['kernel', 'capabilities', 'products', 'cli'];

/**
 * Dependencies the tiers alone would refuse, each with its reason, as
 * `from → to`. Empty today: every package imports only lower tiers.
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {};

/** Used by tests only: no package's source may import it, whatever its tier. */
const DEV_ONLY = new Set(['testkit']);

function tierOf(pkg: string): Tier | undefined {
  return ORDER.find((t) => (TIERS[t] as readonly string[]).includes(pkg));
}

/** Which of our packages `from` may import in its source (not its tests), and why not when it may not. */
function refusal(from: string, to: string): string | undefined {
  if (from === to) return undefined; // a package imports itself by relative path
  if (DEV_ONLY.has(to)) return `${to} is for tests only`;
  if (Object.hasOwn(EXCEPTIONS, `${from} → ${to}`)) return undefined;
  const a = tierOf(from);
  const b = tierOf(to);
  if (a === undefined || b === undefined) return `${a === undefined ? from : to} has no tier`;
  if (ORDER.indexOf(b) < ORDER.indexOf(a)) return undefined;
  return ORDER.indexOf(b) === ORDER.indexOf(a)
    ? `${from} and ${to} are both ${a}; one tier does not import itself`
    : `${to} (${b}) is above ${from} (${a})`;
}

function files(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const IMPORT =
  /(?:from\s+|import\s*\(\s*|import\s+)['"]((?:@kodama\/[\w-]+|kodama)(?:\/[^'"]*)?|\.\.?\/[^'"]*)['"]/g;

function ourPackage(specifier: string): string | undefined {
  if (specifier === 'kodama' || specifier.startsWith('kodama/')) return 'cli';
  const m = /^@kodama\/([\w-]+)/.exec(specifier);
  return m?.[1];
}

const packages = readdirSync('packages').filter((p) => statSync(join('packages', p)).isDirectory());

test('every package has exactly one tier', () => {
  const placed = ORDER.flatMap((t) => TIERS[t] as readonly string[]);
  assert.deepEqual(
    packages.filter((p) => tierOf(p) === undefined),
    [],
    'a package without a tier: add it to TIERS (a new capability or product says which it is)',
  );
  assert.equal(new Set(placed).size, placed.length, 'a package in two tiers');
  assert.deepEqual(
    placed.filter((p) => !packages.includes(p)),
    [],
    'a tier names a package that does not exist',
  );
});

test('no source file imports a package of its own tier or above', () => {
  const violations: string[] = [];
  for (const from of packages) {
    for (const file of files(join('packages', from, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1]!;
        if (spec.startsWith('.')) {
          if (/(^|\/)\.\.\/\.\.\/(\.\.\/)*[\w-]+\/src/.test(spec)) {
            violations.push(`${file}: reaches into another package by path (${spec})`);
          }
          continue;
        }
        const to = ourPackage(spec);
        const why = to && refusal(from, to);
        if (why) violations.push(`${file}: ${from} must not import ${spec} (${why})`);
      }
    }
  }
  assert.deepEqual(violations, []);
});

test("no package.json depends on a package of its own tier or above (devDependencies are the tests')", () => {
  const violations: string[] = [];
  for (const from of packages) {
    const manifest = JSON.parse(readFileSync(join('packages', from, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    const deps = [manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies];
    for (const name of deps.flatMap((d) => Object.keys(d ?? {}))) {
      const to = ourPackage(name);
      const why = to && refusal(from, to);
      if (why) violations.push(`packages/${from}/package.json: ${from} must not depend on ${name} (${why})`);
    }
  }
  assert.deepEqual(violations, []);
});

test('every named exception is between real packages and still needed by the tiers', () => {
  for (const edge of Object.keys(EXCEPTIONS)) {
    const [from, to] = edge.split(' → ');
    assert.ok(from && to && tierOf(from) && tierOf(to), `${edge}: not "from → to" between placed packages`);
    const tiers = ORDER.indexOf(tierOf(to)!) >= ORDER.indexOf(tierOf(from)!);
    assert.ok(tiers, `${edge}: the tiers allow it already; drop the exception`);
  }
});

test('no test below the CLI imports the CLI', () => {
  const violations: string[] = [];
  for (const from of packages.filter((p) => p !== 'cli')) {
    for (const file of files(join('packages', from, 'test'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = ourPackage(m[1]!);
        if (to === 'cli') violations.push(`${file}: imports the CLI`);
      }
    }
  }
  assert.deepEqual(violations, []);
});

test('the rule itself rejects what it should', () => {
  assert.match(refusal('core', 'models') ?? '', /above core/);
  assert.match(refusal('core', 'shell') ?? '', /both kernel/);
  assert.equal(refusal('models', 'core'), undefined);
  assert.equal(refusal('workspace', 'shell'), undefined);
  assert.match(refusal('models', 'tools') ?? '', /both capabilities/);
  assert.equal(refusal('assistant', 'models'), undefined, 'a product may use a capability');
  assert.match(refusal('models', 'assistant') ?? '', /above models/);
  assert.match(refusal('durable', 'assemblies') ?? '', /both products/);
  assert.equal(refusal('cli', 'workspace'), undefined);
  assert.match(refusal('cli', 'testkit') ?? '', /tests only/);
  assert.match(refusal('testkit', 'models') ?? '', /both capabilities/);
  assert.match(refusal('assistant', 'cli') ?? '', /above assistant/);
  assert.match(refusal('nowhere', 'core') ?? '', /no tier/);
});
