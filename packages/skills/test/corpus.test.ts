// Real public skills (fixtures/agent-skills, sources and licences in its README) against the
// verdicts recorded there: kodama's rules by severity (a golden: a change in any verdict fails),
// and the reference validator skills-ref's valid/invalid, which kodama must match unless the
// fixture records why it differs (and kodama then reports the warning named).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { validateSkill } from '../src/index.ts';

const CORPUS = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/agent-skills');

interface Verdict {
  readonly skillsRef: { readonly valid: boolean; readonly errors: readonly string[] };
  readonly kodama: { readonly errors: readonly string[]; readonly warnings: readonly string[] };
  readonly divergence?: { readonly rule: string; readonly why: string };
}

const verdicts = JSON.parse(readFileSync(join(CORPUS, 'verdicts.json'), 'utf8')) as Record<string, Verdict>;

/** Every `<source>/<skill>` folder of the corpus. */
function folders(): string[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((source) =>
      readdirSync(join(CORPUS, source.name), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `${source.name}/${d.name}`),
    )
    .sort();
}

/** The rules kodama reports, by severity; sidecar links are left out (the corpus holds no sidecar files). */
async function kodamaRules(
  folder: string,
): Promise<{ errors: string[]; warnings: string[]; valid: boolean }> {
  const result = await validateSkill(join(CORPUS, folder));
  const of = (severity: string) =>
    result.problems.filter((p) => p.severity === severity && p.rule !== 'sidecar-link').map((p) => p.rule);
  return { errors: of('error'), warnings: of('warning'), valid: result.valid };
}

describe('a corpus of real public skills', () => {
  test('every folder has a recorded verdict and every verdict a folder (15-30 skills)', () => {
    assert.deepEqual(folders(), Object.keys(verdicts).sort());
    assert.ok(folders().length >= 15 && folders().length <= 30, `${folders().length} skills`);
  });

  test("kodama's rules for each skill, by severity, are the recorded ones", async () => {
    for (const folder of folders()) {
      const { errors, warnings } = await kodamaRules(folder);
      assert.deepEqual({ errors, warnings }, verdicts[folder]!.kodama, folder);
    }
  });

  test("kodama's valid/invalid matches skills-ref's, or the recorded divergence is what kodama warns about", async () => {
    let agreed = 0;
    for (const folder of folders()) {
      const verdict = verdicts[folder]!;
      const kodama = await kodamaRules(folder);
      if (kodama.valid === verdict.skillsRef.valid) {
        assert.equal(
          verdict.divergence,
          undefined,
          `${folder}: a divergence is recorded but the verdicts agree`,
        );
        agreed++;
        continue;
      }
      assert.ok(
        verdict.divergence,
        `${folder}: skills-ref says ${verdict.skillsRef.valid ? 'valid' : 'invalid'}`,
      );
      // Only ever more lenient than skills-ref, and only with the warning that says what skills-ref refuses.
      assert.equal(kodama.valid, true, folder);
      assert.ok(kodama.warnings.includes(verdict.divergence.rule), folder);
    }
    assert.equal(agreed, 20, 'of 27 skills, 20 get the same verdict; 7 are recorded divergences');
  });

  test('the MUSTs found in the wild are errors with the fix in the message', async () => {
    const api = await validateSkill(join(CORPUS, 'anthropics+skills/claude-api'));
    assert.deepEqual(
      api.problems.map((p) => `${p.severity}: ${p.message}`),
      ['error: description is 1068 characters long; the limit is 1024: shorten it (kodama keeps it whole)'],
    );
    assert.equal(api.skill?.name, 'claude-api', 'still loaded');
    const nested = await validateSkill(join(CORPUS, 'github+awesome-copilot/scaling-data-volume'));
    assert.equal(
      nested.problems[0]?.message,
      'name "qdrant-scaling-data-volume" differs from its folder "scaling-data-volume"; the format requires them to match: rename the folder to "qdrant-scaling-data-volume", or write "name: scaling-data-volume"',
    );
    const listed = await validateSkill(join(CORPUS, 'github+awesome-copilot/azure-role-selector'));
    assert.deepEqual(listed.skill?.allowedTools, [
      'Azure MCP/documentation',
      'Azure MCP/bicepschema',
      'Azure MCP/extension_cli_generate',
      'Azure MCP/get_bestpractices',
    ]);
    const spaced = await validateSkill(join(CORPUS, 'github+awesome-copilot/make-repo-contribution'));
    assert.deepEqual(spaced.skill?.allowedTools, [
      'Read',
      'Edit',
      'Bash(git:*)',
      'Bash(gh issue:*)',
      'Bash(gh pr:*)',
    ]);
    assert.deepEqual(spaced.problems, []);
  });
});
