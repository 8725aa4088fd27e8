// kodama skills validate / show / list against the Agent Skills format: errors (MUST) fail the command
// with what to do, warnings (SHOULD, lenient readings) do not; sidecar links are checked with the body.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A project whose skills have one error, two warnings, and one clean skill; an empty home. */
function fixture(): { root: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'kodama-cli-validate-'));
  dirs.push(dir);
  const root = join(dir, 'project');
  const skills = join(root, '.claude/skills');
  put(join(skills, 'folder/SKILL.md'), '---\nname: other-name\ndescription: Misnamed.\n---\nBody.\n');
  put(
    join(skills, 'gh/SKILL.md'),
    '---\nname: gh\ndescription: GitHub issues.\nallowed-tools: Bash(gh issue:*), Read\n---\nSee [the guide](references/Guide.md).\n',
  );
  put(join(skills, 'gh/references/guide.md'), '# Guide\n');
  put(
    join(skills, 'clean/SKILL.md'),
    '---\nname: clean\ndescription: Clean.\nallowed-tools: Bash(gh issue:*) Read\n---\nBody.\n',
  );
  mkdirSync(join(dir, 'home'));
  return { root, env: isolatedEnv({ HOME: join(dir, 'home'), XDG_DATA_HOME: join(dir, 'data') }) };
}

describe('kodama skills validate', () => {
  test('every skill of the catalog: each problem with its severity, a summary, exit 1 on an error', async () => {
    const { root, env } = fixture();
    const ran = await runKodama(['skills', 'validate', '--root', root], env);
    assert.equal(ran.code, 1, ran.stderr);
    assert.equal(
      ran.stdout,
      [
        '.claude/skills/folder/SKILL.md: error: name "other-name" differs from its folder "folder"; the format requires them to match: rename the folder to "other-name", or write "name: folder"',
        '.claude/skills/gh/SKILL.md: warning: allowed-tools separates tools with spaces, not commas; read as 2 tools: write "allowed-tools: Bash(gh issue:*) Read"',
        '.claude/skills/gh/SKILL.md: warning: references/Guide.md not found; the skill folder has references/guide.md',
        '3 skills, 1 error, 2 warnings: not valid: fix the errors above',
        '',
      ].join('\n'),
    );
  });

  test('named folders (or SKILL.md files) only; warnings alone exit 0', async () => {
    const { root, env } = fixture();
    const gh = join(root, '.claude/skills/gh');
    const ran = await runKodama(['skills', 'validate', gh, join(root, '.claude/skills/clean/SKILL.md')], env);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout, /gh\/SKILL\.md: warning: allowed-tools separates tools with spaces/);
    assert.match(ran.stdout, /\n2 skills, 0 errors, 2 warnings: valid\n$/);
    const clean = await runKodama(['skills', 'validate', join(root, '.claude/skills/clean')], env);
    assert.equal(clean.stdout, '1 skill, 0 errors, 0 warnings: valid\n');
    assert.equal(clean.code, 0);
    const none = await runKodama(['skills', 'validate', root], env);
    assert.equal(none.code, 1);
    assert.match(
      none.stdout,
      /: error: no SKILL\.md in this folder: a skill is a folder holding a SKILL\.md/,
    );
  });

  test('list counts errors and warnings per skill; show prints the problems and the space-separated tools', async () => {
    const { root, env } = fixture();
    const listed = await runKodama(['skills', 'list', '--root', root], env);
    assert.equal(listed.code, 0);
    assert.equal(
      listed.stdout.split('\n').slice(0, 4).join('\n'),
      [
        'NAME        SOURCE          PATHS   ERRORS  WARNINGS',
        'clean       .claude/skills  always',
        'other-name  .claude/skills  always  1',
        'gh          .claude/skills  always          1',
      ].join('\n'),
    );
    const shown = await runKodama(['skills', 'show', 'gh', '--root', root], env);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /\nallowed-tools: Bash\(gh issue:\*\) Read\n/);
    assert.match(
      shown.stdout,
      /\nwarning: allowed-tools separates tools with spaces, not commas; .*\nwarning: references\/Guide\.md not found; the skill folder has references\/guide\.md\n/,
    );
  });
});
