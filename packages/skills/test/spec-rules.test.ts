// The Agent Skills format's rules as the catalog applies them: MUST is an error, SHOULD a warning,
// each message says what to do; loading stays lenient (only a skill with no description is skipped).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { formatSkillWarning, loadSkillCatalog, type SkillCatalog } from '../src/index.ts';
import { put, putSkill, rootAndHome } from './helpers/temp-tree.ts';

/** `severity rule: message` for each problem of one SKILL.md. */
function problemsAt(catalog: SkillCatalog, location: string): string[] {
  return catalog.warningsAt(location).map((w) => `${w.severity} ${w.rule}: ${w.message}`);
}

async function catalogOf(
  files: Record<string, string>,
): Promise<{ catalog: SkillCatalog; at: (dir: string) => string }> {
  const { root, home } = rootAndHome();
  const at = (dir: string) => join(root, '.claude/skills', dir, 'SKILL.md');
  for (const [dir, text] of Object.entries(files)) put(at(dir), text);
  return { catalog: await loadSkillCatalog({ root, home }), at };
}

describe('spec rules: name', () => {
  test('leading, trailing and doubled hyphens are errors naming the name to write; the skill is kept', async () => {
    const { catalog, at } = await catalogOf({
      '-pdf': '---\nname: -pdf\ndescription: x\n---\n',
      'pdf-': '---\nname: pdf-\ndescription: x\n---\n',
      'pdf--processing': '---\nname: pdf--processing\ndescription: x\n---\n',
    });
    assert.equal(catalog.skills.length, 3);
    assert.deepEqual(problemsAt(catalog, at('-pdf')), [
      'error name-hyphens: name "-pdf" starts with "-": write "name: pdf" and name its folder the same',
    ]);
    assert.deepEqual(problemsAt(catalog, at('pdf-')), [
      'error name-hyphens: name "pdf-" ends with "-": write "name: pdf" and name its folder the same',
    ]);
    assert.deepEqual(problemsAt(catalog, at('pdf--processing')), [
      'error name-hyphens: name "pdf--processing" has a doubled "--": write "name: pdf-processing" and name its folder the same',
    ]);
  });

  test('a name that differs from its folder is an error saying both ways to fix it; the frontmatter name is used', async () => {
    const { catalog, at } = await catalogOf({ folder: '---\nname: other\ndescription: x\n---\n' });
    assert.equal(catalog.get('other')?.location, at('folder'));
    assert.deepEqual(problemsAt(catalog, at('folder')), [
      'error name-directory: name "other" differs from its folder "folder"; the format requires them to match: rename the folder to "other", or write "name: folder"',
    ]);
    assert.equal(catalog.errors.length, 1);
  });

  test('the folder fix offers only valid names', async () => {
    const { catalog, at } = await catalogOf({
      pdf: '---\nname: pdf--tools\ndescription: x\n---\n',
      My_Folder: '---\nname: my-skill\ndescription: x\n---\n',
      Both_Bad: '---\nname: Also_Bad\ndescription: x\n---\n',
    });
    const folderRule = (dir: string) =>
      problemsAt(catalog, at(dir)).filter((p) => p.startsWith('error name-directory'));
    assert.deepEqual(folderRule('pdf'), [
      'error name-directory: name "pdf--tools" differs from its folder "pdf"; the format requires them to match: write "name: pdf"',
    ]);
    assert.deepEqual(folderRule('My_Folder'), [
      'error name-directory: name "my-skill" differs from its folder "My_Folder"; the format requires them to match: rename the folder to "my-skill"',
    ]);
    assert.deepEqual(folderRule('Both_Bad'), [
      'error name-directory: name "Also_Bad" differs from its folder "Both_Bad"; the format requires them to match: name both "also-bad"',
    ]);
  });

  test('capitals and other characters are errors with the nearest valid name; lowercase letters of any script pass', async () => {
    const { catalog, at } = await catalogOf({
      'PDF-Processing': '---\nname: PDF-Processing\ndescription: x\n---\n',
      Bad_Name: '---\nname: Bad_Name\ndescription: x\n---\n',
      'données-csv': '---\nname: données-csv\ndescription: x\n---\n',
      数据: '---\nname: 数据\ndescription: x\n---\n',
    });
    assert.deepEqual(problemsAt(catalog, at('PDF-Processing')), [
      'error name-case: name "PDF-Processing" has capital letters; the format allows lowercase only: write "name: pdf-processing" and name its folder the same',
    ]);
    assert.deepEqual(problemsAt(catalog, at('Bad_Name')), [
      'error name-case: name "Bad_Name" has capital letters; the format allows lowercase only: write "name: bad-name" and name its folder the same',
      'error name-characters: name "Bad_Name" uses "_"; only letters, digits and "-" are allowed: write "name: bad-name" and name its folder the same',
    ]);
    assert.deepEqual(problemsAt(catalog, at('données-csv')), []);
    assert.deepEqual(problemsAt(catalog, at('数据')), []);
  });

  test('64 characters pass, 65 are an error; a missing name is an error and the folder name is used', async () => {
    const long = 'a'.repeat(65);
    const exactly = 'b'.repeat(64);
    const { catalog, at } = await catalogOf({
      [long]: `---\nname: ${long}\ndescription: x\n---\n`,
      [exactly]: `---\nname: ${exactly}\ndescription: x\n---\n`,
      nameless: '---\ndescription: x\n---\n',
    });
    assert.equal(catalog.skills.length, 3, 'all three are kept');
    assert.deepEqual(problemsAt(catalog, at(long)), [
      'error name-length: name is 65 characters long; the limit is 64: shorten it',
    ]);
    assert.deepEqual(problemsAt(catalog, at(exactly)), []);
    assert.equal(catalog.get('nameless')?.location, at('nameless'));
    assert.deepEqual(problemsAt(catalog, at('nameless')), [
      'error name-missing: no name in the frontmatter; using the folder name "nameless": add "name: nameless" (the format requires a name)',
    ]);
  });
});

describe('spec rules: the other fields', () => {
  test('a missing or empty description skips the skill with an error saying what to write', async () => {
    const { catalog, at } = await catalogOf({
      'no-desc': '---\nname: no-desc\n---\n',
      'empty-desc': '---\nname: empty-desc\ndescription: ""\n---\n',
    });
    assert.ok(catalog.isEmpty);
    const skipped =
      'error description-missing: no description in the frontmatter; skipped: add "description:" saying what the skill does and when to use it';
    assert.deepEqual(problemsAt(catalog, at('no-desc')), [skipped]);
    assert.deepEqual(problemsAt(catalog, at('empty-desc')), [skipped]);
    assert.equal(catalog.warningsAt(at('no-desc'))[0]?.skill, 'no-desc');
  });

  test('a description over 1,024 characters (counted as characters) is an error; it is kept whole', async () => {
    const { catalog, at } = await catalogOf({
      wordy: `---\nname: wordy\ndescription: ${'w'.repeat(1025)}\n---\n`,
      fine: `---\nname: fine\ndescription: ${'f'.repeat(1024)}\n---\n`,
      emoji: `---\nname: emoji\ndescription: ${'😀'.repeat(1000)}\n---\n`,
    });
    assert.equal(catalog.get('wordy')?.description.length, 1025);
    assert.deepEqual(problemsAt(catalog, at('wordy')), [
      'error description-length: description is 1025 characters long; the limit is 1024: shorten it (kodama keeps it whole)',
    ]);
    assert.deepEqual(problemsAt(catalog, at('fine')), []);
    assert.deepEqual(
      problemsAt(catalog, at('emoji')),
      [],
      '1,000 emoji are 2,000 UTF-16 units but 1,000 characters',
    );
  });

  test('compatibility over 500 characters, empty or not text is an error; 500 pass', async () => {
    const { catalog, at } = await catalogOf({
      long: `---\nname: long\ndescription: x\ncompatibility: ${'c'.repeat(501)}\n---\n`,
      ok: `---\nname: ok\ndescription: x\ncompatibility: ${'c'.repeat(500)}\n---\n`,
      list: '---\nname: list\ndescription: x\ncompatibility:\n  - git\n---\n',
    });
    assert.deepEqual(problemsAt(catalog, at('long')), [
      'error compatibility: compatibility is 501 characters long; the limit is 500: shorten it, and move details into the body',
    ]);
    assert.deepEqual(problemsAt(catalog, at('ok')), []);
    assert.deepEqual(problemsAt(catalog, at('list')), [
      'error compatibility: compatibility must be 1-500 characters of text saying what the skill needs (compatibility: Requires git and jq), or left out',
    ]);
    assert.equal(catalog.skills.length, 3);
  });

  test('metadata values that are not text are warnings saying how to quote them; text values pass', async () => {
    const { catalog, at } = await catalogOf({
      meta: '---\nname: meta\ndescription: x\nmetadata:\n  author: example-org\n  version: 1.0\n  beta: true\n  tags: [a, b]\n---\n',
      flat: '---\nname: flat\ndescription: x\nmetadata: just text\n---\n',
      good: '---\nname: good\ndescription: x\nmetadata:\n  author: example-org\n  version: "1.0"\n---\n',
    });
    assert.deepEqual(problemsAt(catalog, at('meta')), [
      'warning metadata: metadata "version" is a number, not text; the format wants text values: put the value in quotes (version: "...")',
      'warning metadata: metadata "beta" is a boolean, not text; the format wants text values: put the value in quotes (beta: "...")',
      'warning metadata: metadata "tags" is a list, not text; the format wants text values: write it as one line of text',
    ]);
    assert.deepEqual(problemsAt(catalog, at('flat')), [
      'warning metadata: metadata must be a mapping of names to text (metadata: then lines like "  author: example-org"); kept as it is',
    ]);
    assert.deepEqual(problemsAt(catalog, at('good')), []);
    assert.deepEqual(catalog.get('meta')?.metadata.metadata, {
      author: 'example-org',
      version: 1,
      beta: true,
      tags: ['a', 'b'],
    });
  });

  test("fields the format does not define are a warning (Claude Code's apart); license, compatibility, metadata, paths are not", async () => {
    const { catalog, at } = await catalogOf({
      extra:
        '---\nname: extra\ndescription: x\nargument-hint: "[file]"\nuser-invocable: true\ncategory: testing\n---\n',
      one: '---\nname: one\ndescription: x\nversion: 2\n---\n',
      known:
        '---\nname: known\ndescription: x\nlicense: MIT\ncompatibility: Requires git\nmetadata:\n  a: b\npaths: src/**\nallowed-tools: Read\n---\n',
    });
    assert.deepEqual(problemsAt(catalog, at('extra')), [
      `warning unknown-field: "argument-hint", "user-invocable" are Claude Code's fields, not the Agent Skills format's: kodama ignores them (kept in skill.metadata) and strict clients refuse the file (skills-ref does); keep them only if the skill is meant for Claude Code`,
      'warning unknown-field: "category" is not a field of the Agent Skills format (kodama keeps it in skill.metadata; skills-ref refuses the file): move it under "metadata:", or remove it',
    ]);
    assert.deepEqual(problemsAt(catalog, at('one')), [
      'warning unknown-field: "version" is not a field of the Agent Skills format (kodama keeps it in skill.metadata; skills-ref refuses the file): move it under "metadata:", or remove it',
    ]);
    assert.deepEqual(catalog.get('extra')?.metadata, {
      'argument-hint': '[file]',
      'user-invocable': true,
      category: 'testing',
    });
    assert.deepEqual(problemsAt(catalog, at('known')), []);
  });
});

describe('spec rules: the file', () => {
  test('no frontmatter, an unclosed one and bad YAML are errors saying what to do', async () => {
    const { catalog, at } = await catalogOf({
      plain: '# Plain\nname: plain\n',
      open: '---\nname: open\ndescription: x\n',
      late: '\n---\nname: late\ndescription: x\n---\n',
      colon: '---\nname: colon\ndescription: Use when: you edit SQL\n---\n',
    });
    const none =
      'error frontmatter: no frontmatter (--- lines); skipped: start the file with a --- line, then "name:" and "description:" lines, then ---';
    assert.deepEqual(problemsAt(catalog, at('plain')), [none]);
    assert.deepEqual(problemsAt(catalog, at('late')), [none]);
    assert.deepEqual(problemsAt(catalog, at('open')), [
      'error frontmatter: the frontmatter has no closing --- line; skipped: add a --- line after the last field',
    ]);
    assert.equal(catalog.get('colon')?.description, 'Use when: you edit SQL', 'still loads');
    assert.deepEqual(problemsAt(catalog, at('colon')), [
      'error yaml: bad YAML in the frontmatter (line 2, column 14: Nested mappings are not allowed in compact mappings); kept what could be read: fix that line (a value holding ": " needs quotes)',
    ]);
    assert.deepEqual(catalog.warningsAt(at('colon')).map(formatSkillWarning), [
      `${at('colon')}: error: bad YAML in the frontmatter (line 2, column 14: Nested mappings are not allowed in compact mappings); kept what could be read: fix that line (a value holding ": " needs quotes)`,
    ]);
  });

  test('a duplicate key and broken YAML keep what could be read', async () => {
    const { catalog, at } = await catalogOf({
      dup: '---\nname: dup\ndescription: first\ndescription: second\n---\nbody\n',
      broken: '---\nname: [broken\n---\nbody\n',
    });
    assert.equal(catalog.get('dup')?.description, 'second');
    assert.match(
      problemsAt(catalog, at('dup'))[0]!,
      /^error yaml: bad YAML in the frontmatter \(line 3, column 1: Map keys must be unique\)/,
    );
    assert.equal(catalog.get('broken'), undefined);
    assert.deepEqual(
      catalog.warningsAt(at('broken')).map((w) => w.rule),
      ['yaml', 'description-missing'],
    );
  });

  test('skill.md in lower case is a skill, as skills-ref accepts; SKILL.md wins when both are there', async () => {
    const { root, home } = rootAndHome();
    const lower = put(
      join(root, '.claude/skills/lower/skill.md'),
      '---\nname: lower\ndescription: Lower.\n---\nLow.\n',
    );
    put(join(root, '.claude/skills/both/SKILL.md'), '---\nname: both\ndescription: Upper.\n---\n');
    put(join(root, '.claude/skills/both/skill.md'), '---\nname: both\ndescription: Lower.\n---\n');
    const catalog = await loadSkillCatalog({ root, home });
    assert.equal(catalog.get('lower')?.description, 'Lower.');
    assert.equal(catalog.get('both')?.description, 'Upper.');
    assert.deepEqual(catalog.warnings, []);
    // On a case-insensitive disk SKILL.md opens skill.md itself; either way the file is the one read.
    assert.ok([lower, join(root, '.claude/skills/lower/SKILL.md')].includes(catalog.get('lower')!.location));
  });

  test('ordinary valid skills load with no warning at all', async () => {
    const { root, home } = rootAndHome();
    putSkill(root, '.claude/skills', 'pdf-processing', {
      name: 'pdf-processing',
      description: 'Extract PDF text, fill forms, merge files. Use when handling PDFs.',
      license: 'Apache-2.0',
      'allowed-tools': 'Bash(git:*) Bash(jq:*) Read',
    });
    put(
      join(root, '.agents/skills/data-analysis/SKILL.md'),
      '---\nname: data-analysis\ndescription: Analyse CSV data.\ncompatibility: Requires Python 3.14+ and uv\nmetadata:\n  author: example-org\n  version: "1.0"\n---\nSee [the guide](references/guide.md).\n',
    );
    put(join(root, '.agents/skills/data-analysis/references/guide.md'), '# Guide\n');
    const catalog = await loadSkillCatalog({ root, home });
    assert.deepEqual(
      catalog.skills.map((s) => s.name),
      ['pdf-processing', 'data-analysis'],
    );
    assert.deepEqual(catalog.warnings, []);
    assert.deepEqual(catalog.get('pdf-processing')?.allowedTools, ['Bash(git:*)', 'Bash(jq:*)', 'Read']);
  });
});
