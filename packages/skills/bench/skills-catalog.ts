// skills-catalog: a catalog of 1,000 skills (10 KB bodies, half path-gated) written to a temp folder and
// scanned (frontmatter only): scan_ms is the median of five scans after a first, cold one (reported on
// its own line: it also loads and warms up the YAML parser). Then 10,000 tool-call events run through
// what the path listener does per call (parse and validate the arguments, take the effects the tool
// declares, resolve lexically, match the gates).
// Targets: scan < 200 ms, < 20 µs a call.
//
//   npm run bench -- skills-catalog
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type AnyTool, declaredEffects, defineTool, NONE, params } from '@kodama/core';
import { loadSkillCatalog, PathActivation, PathMatcher } from '../src/index.ts';

const SKILLS = 1000;
const BODY = `${'Step: do the careful thing, then check it. '.repeat(2)}\n`.repeat(120).slice(0, 10 * 1024);
const PATHS = 10_000;
const SCANS = 5;

const root = mkdtempSync(join(tmpdir(), 'kodama-bench-skills-'));
const dirs = ['.kodama/skills', '.claude/skills', '.agents/skills'];

/** Skill i: always-on when even; gated when odd, on its own package folder (a third also on an extension). */
function frontmatter(i: number): string {
  const lines = [`name: skill-${i}`, `description: Skill number ${i}; use it for work on area ${i}.`];
  if (i % 2 === 1) {
    lines.push('paths:', `  - "packages/pkg-${i}/src/**/*.ts"`, `  - "docs/pkg-${i}/*.md"`);
    if (i % 3 === 0) lines.push(`  - "**/*.ext${i}"`);
  }
  return `---\n${lines.join('\n')}\n---\n${BODY}`;
}

for (let i = 0; i < SKILLS; i++) {
  const dir = join(root, dirs[i % dirs.length]!, `skill-${i}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), frontmatter(i));
}

try {
  const scans: number[] = [];
  const cold = performance.now();
  let catalog = await loadSkillCatalog({ root, home: null });
  const coldMs = performance.now() - cold;
  for (let run = 0; run < SCANS; run++) {
    const start = performance.now();
    catalog = await loadSkillCatalog({ root, home: null });
    scans.push(performance.now() - start);
  }
  if (catalog.skills.length !== SKILLS || catalog.warnings.length > 0) {
    throw new Error(`scanned ${catalog.skills.length} skills with ${catalog.warnings.length} warnings`);
  }
  const scanMs = scans.sort((a, b) => a - b)[Math.floor(SCANS / 2)]!;

  // A third of the paths fall under some gate, the rest under folders no gate names.
  const events = Array.from({ length: PATHS }, (_, n) => {
    const i = (n * 7919) % SKILLS;
    const path =
      n % 3 === 0
        ? `packages/pkg-${i}/src/deep/module-${n}.ts`
        : n % 3 === 1
          ? `packages/pkg-${i}/test/module-${n}.test.ts`
          : `${root}/apps/web/src/components/c${n}.tsx`;
    const name = ['read', 'write', 'edit'][n % 3]!;
    return {
      type: 'tool-call' as const,
      agentId: '',
      turnId: 't',
      index: 0,
      toolCallId: `c${n}`,
      name,
      arguments: JSON.stringify({ path }),
    };
  });
  // Stand-ins for the file tools: the listener judges a call by what its tool declares.
  const touches = (name: string, kind: 'readsPath' | 'writesFile'): AnyTool =>
    defineTool({
      name,
      description: `${name} stand-in`,
      parameters: params().requiredString('path', 'the file'),
      trifectaLegs: NONE,
      effects: {
        kinds: [kind],
        of: ({ path }) =>
          kind === 'readsPath' ? [{ kind, path }] : [{ kind, path, preview: (before) => before }],
      },
      execute: () => '',
    }) as AnyTool;
  const tools = [touches('read', 'readsPath'), touches('write', 'writesFile'), touches('edit', 'writesFile')];
  const matcher = new PathMatcher(catalog.gated);
  let fired = 0;
  const paths = new PathActivation({
    activation: {
      isActive: () => false,
      activate: (skills) => {
        fired += skills.length;
        return [];
      },
    },
    matcher,
    root,
    onPromote: () => {},
  });
  // Per call, what the loop and the skills hook do: find the tool, judge its declared effects, match.
  const byName = new Map(tools.map((t) => [t.name, t]));
  const onCall = (event: (typeof events)[number]): void => {
    const tool = byName.get(event.name);
    const effects = tool ? declaredEffects(tool, JSON.parse(event.arguments)) : [];
    paths.onToolCall({ name: event.name, arguments: event.arguments, effects });
  };
  for (const event of events.slice(0, 2000)) onCall(event); // warm-up
  fired = 0;
  const start = performance.now();
  for (const event of events) onCall(event);
  const matchUs = ((performance.now() - start) * 1000) / PATHS;

  console.log(`skills: ${SKILLS} (${catalog.gated.length} gated), body ${BODY.length} bytes`);
  console.log(
    `scan: first (cold: loads yaml, compiles) ${coldMs.toFixed(1)} ms; then ${scans.map((s) => s.toFixed(1)).join(', ')} ms (median ${scanMs.toFixed(1)})`,
  );
  console.log(`match: ${PATHS} tool calls, ${fired} gate hits, ${matchUs.toFixed(2)} µs per call`);
  console.log(`RESULT skills-catalog scan_ms=${scanMs.toFixed(1)} match_us_per_call=${matchUs.toFixed(2)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
