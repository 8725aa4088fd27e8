// Security suite, families "glob" and "deadlines": a pattern chosen by the
// model cannot stall the process (no catastrophic backtracking: the matcher is
// linear, braces are bounded, the listing looks at the signal), and a Run
// deadline past setTimeout's range (2^31 ms) neither fires at once nor throws a
// RangeError; ordinary globs and a 1-hour deadline keep working.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mock, type TestContext, test } from 'node:test';
import { Agent, defineTool, InvalidOptionError, NONE } from '@kodama/core';
import { ScriptedModel } from '@kodama/testkit';
import { autoApprove, Workspace, workspaceTools } from '@kodama/workspace';
import { z } from 'zod';
import { MAX_TIMER_MS, startLongTimer } from '../../packages/core/src/run/long-timer.ts';
import { compileGlob } from '../../packages/workspace/src/fs/glob-matcher.ts';
import { call, text } from '../../packages/workspace/test/fixture.ts';

/** A project with a deep tree (`a/a/…/a`, 60 levels) and a few ordinary files. */
async function deepProject(t: TestContext) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'kodama-sec-glob-')));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const deep = join(root, ...Array(60).fill('a'));
  mkdirSync(deep, { recursive: true });
  writeFileSync(join(deep, 'leaf.ts'), 'export {};\n');
  writeFileSync(join(deep, `${'a'.repeat(200)}.txt`), '');
  mkdirSync(join(root, 'src/util'), { recursive: true });
  writeFileSync(join(root, 'src/app.ts'), 'export {};\n');
  writeFileSync(join(root, 'src/util/x.ts'), 'export {};\n');
  mkdirSync(join(root, '.github/workflows'), { recursive: true });
  writeFileSync(join(root, '.github/workflows/ci.yml'), 'on: push\n');
  writeFileSync(join(root, '.env'), 'KEY=secret-9c2b\n');
  const workspace = await Workspace.create({ projectRoot: root });
  t.after(() => workspace.close());
  return { root, tools: workspaceTools(workspace, { confirmer: autoApprove }) };
}

test('glob: **/ repeated a dozen times over a 60-level tree returns and finds the file', async (t) => {
  const { tools } = await deepProject(t);
  const out = text(await call(tools.glob, { pattern: `${'**/'.repeat(12)}leaf.ts` }));
  assert.match(out, /(a\/){60}leaf\.ts/);
});

test('glob: interleaved **/a/ segments over a deep tree return (a backtracking RegExp takes minutes)', async (t) => {
  const { tools } = await deepProject(t);
  const out = text(await call(tools.glob, { pattern: `${'**/a/'.repeat(10)}nothing-here` }));
  assert.match(out, /^No files match/);
});

test('glob: stars that overlap inside one long name return', async (t) => {
  const { tools } = await deepProject(t);
  const out = text(await call(tools.glob, { pattern: `${'*a'.repeat(20)}b` }));
  assert.match(out, /^No files match/);
});

test('glob: braces that multiply past the bound are an Error, not a stall', async (t) => {
  const { tools } = await deepProject(t);
  const outcome = await call(tools.glob, { pattern: '{a,b}'.repeat(12) });
  assert.equal(outcome.kind, 'error');
  assert.match(text(outcome), /^Error: invalid glob pattern/);
});

test('glob: an aborted call stops and lists nothing', async (t) => {
  const { tools } = await deepProject(t);
  const controller = new AbortController();
  controller.abort(new Error('deadline'));
  const outcome = await call(tools.glob, { pattern: '**/*' }, controller.signal);
  assert.notEqual(outcome.kind, 'ok');
  assert.doesNotMatch(text(outcome), /leaf\.ts/);
});

test('glob: the matcher stays linear on a 2,000-segment path with 30 interleaved **', () => {
  const path = `${'a/'.repeat(2000)}b`;
  assert.equal(compileGlob(`${'**/a/'.repeat(30)}c`).test(path), false);
  assert.equal(compileGlob(`${'**/a/'.repeat(30)}b`).test(path), true);
});

test('glob ordinary: src/**/*.ts finds nested and top-level files', async (t) => {
  const { tools } = await deepProject(t);
  const out = text(await call(tools.glob, { pattern: 'src/**/*.ts' }))
    .split('\n')
    .sort();
  assert.deepEqual(out, ['src/app.ts', 'src/util/x.ts']);
});

test('glob ordinary: dotfiles match and the denylist still hides .env', async (t) => {
  const { tools } = await deepProject(t);
  assert.match(text(await call(tools.glob, { pattern: '.github/**/*.yml' })), /\.github\/workflows\/ci\.yml/);
  assert.match(text(await call(tools.glob, { pattern: '.env*' })), /^No files match/);
});

test('glob ordinary: the shell-glob syntax still means what it did', () => {
  const m = (p: string, path: string) => compileGlob(p).test(path);
  assert.ok(m('*.ts', 'src/deep/a.ts') && !m('src/*.ts', 'src/x/a.ts'));
  assert.ok(m('**/*.{md,txt}', 'a/b.txt') && !m('**/*.{md,txt}', 'a/b.js'));
  assert.ok(m('file[0-9].txt', 'file3.txt') && !m('file[!0-9].txt', 'file3.txt'));
  assert.ok(m('app/(auth)/*.tsx', 'app/(auth)/page.tsx') && !m('a.b', 'axb'));
  assert.ok(!m('*.TS', 'a.ts') && compileGlob('*.TS', { caseInsensitive: true }).test('a.ts'));
});

/** A tool that answers after a short real wait, long enough for a wrongly clamped (1 ms) timer to fire. */
const slowTool = defineTool({
  name: 'slow',
  description: 'Waits a little.',
  parameters: z.object({}),
  trifectaLegs: NONE,
  execute: () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 50)),
});

function agentWithSlowTool(): { agent: Agent; model: ScriptedModel } {
  const model = new ScriptedModel([{ toolCalls: [{ name: 'slow', arguments: {} }] }, { text: 'finished' }]);
  const agent = new Agent({ systemPrompt: 'test', model, configure: (c) => c.addTool(slowTool) });
  return { agent, model };
}

/** Records TimeoutOverflowWarnings emitted while `fn` runs. */
async function overflowWarnings(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onWarning = (w: Error) => {
    if (w.name === 'TimeoutOverflowWarning') seen.push(w.message);
  };
  process.on('warning', onWarning);
  try {
    await fn();
    await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

test('deadline: 2^32 ms (past the 2^31 timer range) does not fire at once; the Run completes without a TimeoutOverflowWarning', async () => {
  const { agent } = agentWithSlowTool();
  const warnings = await overflowWarnings(async () => {
    const run = await agent.ask('go', { deadline: 2 ** 32 });
    assert.equal(run.outcome, 'completed', String(run.error));
    assert.equal(run.response, 'finished');
  });
  assert.deepEqual(warnings, []);
});

test('deadline: a Date 60 days ahead does not fire at once', async () => {
  const { agent } = agentWithSlowTool();
  const run = await agent.ask('go', { deadline: new Date(Date.now() + 60 * 86_400_000) });
  assert.equal(run.outcome, 'completed', String(run.error));
});

test('deadline: a number past the last Date is an InvalidOptionError and the model is never called', async () => {
  const { agent, model } = agentWithSlowTool();
  for (const deadline of [1e300, Number.MAX_VALUE, Number.POSITIVE_INFINITY]) {
    await assert.rejects(
      agent.ask('go', { deadline }),
      (e) => InvalidOptionError.isInstance(e) && /AskOptions\.deadline/.test(e.message),
    );
  }
  assert.equal(model.calls.length, 0);
});

test('deadline: the long timer waits in hops and fires only after the whole delay', (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  t.after(() => mock.timers.reset());
  let fired = 0;
  startLongTimer(() => fired++, MAX_TIMER_MS + 5000);
  mock.timers.tick(1);
  assert.equal(fired, 0, 'fired at once (the clamped-timer bug)');
  mock.timers.tick(MAX_TIMER_MS);
  assert.equal(fired, 0);
  mock.timers.tick(5000);
  assert.equal(fired, 1);
});

test('deadline: a cancelled long timer never fires', (t) => {
  mock.timers.enable({ apis: ['setTimeout'] });
  t.after(() => mock.timers.reset());
  let fired = 0;
  const cancel = startLongTimer(() => fired++, 3 * MAX_TIMER_MS);
  mock.timers.tick(MAX_TIMER_MS + 1);
  cancel();
  mock.timers.tick(3 * MAX_TIMER_MS);
  assert.equal(fired, 0);
});

test('deadline ordinary: a 1-hour deadline lets the Run complete', async () => {
  const { agent } = agentWithSlowTool();
  const run = await agent.ask('go', { deadline: 3_600_000 });
  assert.equal(run.outcome, 'completed', String(run.error));
});

test('deadline ordinary: a short deadline still ends the Run partial', async () => {
  const { agent } = agentWithSlowTool();
  const run = await agent.ask('go', { deadline: 10 });
  assert.equal(run.outcome, 'partial');
});
