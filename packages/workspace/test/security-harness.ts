// Shared by the security suites: one table row per escape attempt, run the
// same way. Rows marked `sandbox` run bash under bubblewrap; they are skipped
// (with the reason) only when bwrap cannot start on this machine, and fail
// instead when CI is set (CI installs bubblewrap).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, type TestContext, test } from 'node:test';
import type { ToolOutcome } from '@kodama/core/tool';
import { assertSandboxAvailable, Workspace } from '../src/index.ts';
import { call, type Fixture, makeFixture, SECRET, text, toolsFor } from './fixture.ts';

/** The six tools of a fixture. */
export type Tools = ReturnType<typeof toolsFor>;

/** One escape attempt. */
export interface Attempt {
  readonly name: string;
  /** Runs the attempt; returns the observation. */
  readonly run: (tools: Tools, f: Fixture) => Promise<ToolOutcome>;
  /** `refused`: an `Error:` observation; `filtered`: an answer that leaves the secrets out. */
  readonly expect: 'refused' | 'filtered';
  /** Strings that must not appear in the observation (besides the secret marker). */
  readonly absent?: readonly string[];
  /** Checked afterwards: e.g. that no file appeared outside. */
  readonly after?: (f: Fixture) => void;
  /** Runs bash under bubblewrap (network off). */
  readonly sandbox?: boolean;
}

/** An attempt that reads `path`. */
export const read = (path: string) => (tools: Tools) => call(tools.read, { path });

/** An `after` check that `rel` (relative to the fixture base) was not created. */
export const noFile = (rel: string) => (f: Fixture) =>
  assert.equal(existsSync(join(f.base, rel)), false, `${rel} was created`);

/** Why bubblewrap cannot start here (undefined when it can); probed once per file in `before`. */
export function bubblewrapProbe(): () => string | undefined {
  let problem: string | undefined;
  before(async () => {
    const ws = await Workspace.create({ projectRoot: process.cwd() });
    try {
      await assertSandboxAvailable(ws, { kind: 'bubblewrap' });
    } catch (error) {
      problem = (error as Error).message;
    } finally {
      await ws.close();
    }
  });
  return () => problem;
}

/** Skips a sandbox test when bwrap cannot start; fails instead when CI is set. Returns true when skipped. */
export function skipWithoutBubblewrap(t: TestContext, problem: string | undefined): boolean {
  if (!problem) return false;
  if (process.env.CI) assert.fail(`bubblewrap cannot start in CI: ${problem}`);
  t.skip(`bubblewrap cannot start here: ${problem}`);
  return true;
}

/** Registers one test per attempt. */
export function runAttempts(attempts: readonly Attempt[]): void {
  const problem = bubblewrapProbe();
  for (const attempt of attempts) {
    test(`refused: ${attempt.name}`, async (t) => {
      if (attempt.sandbox && skipWithoutBubblewrap(t, problem())) return;
      const f = await makeFixture(t);
      const tools = toolsFor(f, attempt.sandbox ? { sandbox: { kind: 'bubblewrap' } } : {});
      const outcome = await attempt.run(tools, f);
      const observed = text(outcome);
      if (attempt.expect === 'refused') {
        assert.equal(outcome.kind, 'error', observed);
        assert.match(observed, /^Error: /);
      }
      assert.ok(!observed.includes(SECRET), `the secret leaked: ${observed}`);
      for (const s of attempt.absent ?? [])
        assert.ok(!observed.includes(s), `${JSON.stringify(s)} appeared: ${observed}`);
      attempt.after?.(f);
    });
  }
}
