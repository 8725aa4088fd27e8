// Links from a skill's body to files of its folder: a missing one gets a hint naming what exists,
// a case mismatch first. Through validateSkill (the typed result) and the skill tool's answer.
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { NONE } from '@kodama/core';
import {
  checkSkillLinks,
  loadSkillCatalog,
  sealedActivation,
  skillTool,
  validateSkill,
} from '../src/index.ts';
import { put, tempDir } from './helpers/temp-tree.ts';

/** A skill folder `<tmp>/<name>` with a SKILL.md whose body is `body`, and sidecar files. */
function skillFolder(name: string, body: string, files: readonly string[]): string {
  const dir = join(tempDir(), name);
  put(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: The ${name} skill.\n---\n${body}\n`);
  for (const file of files) put(join(dir, file), `# ${file}\n`);
  return dir;
}

describe('sidecar links', () => {
  test('a case mismatch names the file as it is spelt on disk', async () => {
    const dir = skillFolder('guide', 'Read [the guide](references/Guide.md) first.', ['references/guide.md']);
    const result = await validateSkill(dir);
    assert.equal(result.valid, true, 'a broken link is a warning, not an error');
    assert.deepEqual(
      result.problems.map((p) => [p.severity, p.rule, p.message]),
      [
        [
          'warning',
          'sidecar-link',
          'references/Guide.md not found; the skill folder has references/guide.md',
        ],
      ],
    );
    assert.equal(result.problems[0]?.location, join(dir, 'SKILL.md'));
  });

  test('a missing file lists the files of the nearest folder that exists', async () => {
    const dir = skillFolder(
      'forms',
      'See [forms](references/FORMS.md), [the script](scripts/fill.py) and ![logo](assets/logo.png).',
      ['references/reference.md', 'references/api.md', 'scripts/extract.py', 'assets/logo.png'],
    );
    const messages = (await validateSkill(dir)).problems.map((p) => p.message);
    assert.deepEqual(messages, [
      "references/FORMS.md not found; the skill folder's references/ has references/api.md, references/reference.md: fix the link or add the file",
      "scripts/fill.py not found; the skill folder's scripts/ has scripts/extract.py: fix the link or add the file",
    ]);
    const top = await validateSkill(skillFolder('top', '[x](docs/x.md)', ['README.md', 'scripts/a.sh']));
    assert.deepEqual(
      top.problems.map((p) => p.message),
      [
        'docs/x.md not found; the skill folder has README.md, SKILL.md, scripts/: fix the link or add the file',
      ],
    );
  });

  test('links that are fine, external, anchors, outside the folder or inside code are not reported', async () => {
    const body = [
      '[ok](references/guide.md) [ok again](./references/guide.md#part) [spaced](<notes/my%20notes.md>)',
      '[web](https://example.com/x.md) [mail](mailto:a@b.c) [anchor](#usage) [abs](/etc/passwd) [up](../other/SKILL.md)',
      '`[inline](nope/inline.md)`',
      '```markdown',
      'See [the reference guide](references/REFERENCE.md) for details.',
      '```',
    ].join('\n');
    const dir = skillFolder('clean', body, ['references/guide.md', 'notes/my notes.md']);
    assert.deepEqual((await validateSkill(dir)).problems, []);
  });

  test('the skill tool tells the model which file exists; checkSkillLinks gives the same problem', async () => {
    const root = tempDir();
    put(
      join(root, '.claude/skills/guide/SKILL.md'),
      '---\nname: guide\ndescription: x\n---\n[g](references/Guide.md)\n',
    );
    put(join(root, '.claude/skills/guide/references/guide.md'), '# g\n');
    put(
      join(root, '.claude/skills/fine/SKILL.md'),
      '---\nname: fine\ndescription: y\n---\n[g](references/guide.md)\n',
    );
    put(join(root, '.claude/skills/fine/references/guide.md'), '# g\n');
    const catalog = await loadSkillCatalog({ root, home: null });
    assert.deepEqual(catalog.warnings, [], 'the scan reads no body');
    assert.deepEqual(
      (await checkSkillLinks(catalog.get('guide')!)).map((w) => `${w.skill} ${w.rule}: ${w.message}`),
      ['guide sidecar-link: references/Guide.md not found; the skill folder has references/guide.md'],
    );
    const tool = skillTool({ catalog, activation: sealedActivation(), trifectaLegs: NONE });
    const context = {
      signal: new AbortController().signal,
      agentId: '',
      toolCallId: 'c',
      idempotencyKey: 't:c',
      emit: () => {},
    };
    const base = join(root, '.claude/skills');
    assert.equal(
      await tool.execute({ name: 'guide' }, context),
      [
        '<skill name="guide">',
        `Base directory: ${base}/guide`,
        'Relative paths in this skill are relative to that directory; read its files with the read tool.',
        'Note: references/Guide.md not found; the skill folder has references/guide.md',
        '',
        '[g](references/Guide.md)',
        '</skill>',
      ].join('\n'),
    );
    assert.doesNotMatch(String(await tool.execute({ name: 'fine' }, context)), /Note:/);
  });

  test('a symlink in the skill folder is never followed: no name from outside reaches a hint', async () => {
    const outside = tempDir();
    put(join(outside, 'id_rsa'), 'secret\n');
    // keys/missing.md goes through the symlink: taken as there. Keys/x.md differs in case: the
    // folder's own names are listed, never what lies behind keys.
    const dir = skillFolder('linked', '[key](keys/missing.md) [Other](Keys/x.md) [ok](keys)', ['notes.md']);
    symlinkSync(outside, join(dir, 'keys'));
    const messages = (await validateSkill(dir)).problems.map((p) => p.message);
    assert.deepEqual(messages, [
      'Keys/x.md not found; the skill folder has SKILL.md, keys, notes.md: fix the link or add the file',
    ]);
    const other = skillFolder('other', '[x](refs/Guide.md)', ['notes.md']);
    symlinkSync(outside, join(other, 'refs'));
    assert.deepEqual((await validateSkill(other)).problems, []);
    const listed = skillFolder('listed', '[x](docs/a.md)', ['notes.md']);
    symlinkSync(outside, join(listed, 'vault'));
    const hint = (await validateSkill(listed)).problems.map((p) => p.message);
    assert.deepEqual(hint, [
      'docs/a.md not found; the skill folder has SKILL.md, notes.md, vault: fix the link or add the file',
    ]);
    assert.doesNotMatch(hint.join(), /id_rsa/);
  });

  test('validateSkill takes the SKILL.md path too, and says when a folder is no skill', async () => {
    const dir = skillFolder('fine', 'Body.', []);
    const byFile = await validateSkill(join(dir, 'SKILL.md'));
    assert.equal(byFile.valid, true);
    assert.equal(byFile.skill?.name, 'fine');
    assert.deepEqual(byFile.problems, []);
    const empty = tempDir();
    const none = await validateSkill(empty);
    assert.equal(none.valid, false);
    assert.deepEqual(
      none.problems.map((p) => `${p.severity}: ${p.message}`),
      [
        'error: no SKILL.md in this folder: a skill is a folder holding a SKILL.md that starts with its frontmatter',
      ],
    );
  });
});
