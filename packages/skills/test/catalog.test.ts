// The catalog over real directories: search order, first-wins precedence, and every validation rule.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { formatSkillWarning, loadSkillCatalog, type SkillCatalog } from '../src/index.ts';
import { put, putSkill, rootAndHome, skillText } from './helpers/temp-tree.ts';

/** The warnings' messages about one SKILL.md. */
function messagesAt(catalog: SkillCatalog, location: string): string[] {
  return catalog.warningsAt(location).map((w) => w.message);
}

describe('catalog: where skills are found', () => {
  test('project then home; .kodama, .claude, .agents in that order; the first of a name wins', async () => {
    const { root, home } = rootAndHome();
    putSkill(home, '.kodama/skills', 'shared', { name: 'shared', description: 'home kodama' });
    putSkill(root, '.agents/skills', 'shared', { name: 'shared', description: 'project agents' });
    putSkill(root, '.claude/skills', 'shared', { name: 'shared', description: 'project claude' });
    putSkill(root, '.agents/skills', 'only-agents');
    putSkill(home, '.claude/skills', 'only-home');
    const kodama = putSkill(root, '.kodama/skills', 'mine');
    const catalog = await loadSkillCatalog({ root, home });
    assert.deepEqual(
      catalog.skills.map((s) => s.name),
      ['mine', 'shared', 'only-agents', 'only-home'],
    );
    const shared = catalog.get('shared')!;
    assert.equal(shared.description, 'project claude');
    assert.equal(shared.source, join(root, '.claude/skills'));
    assert.equal(shared.baseDir, join(root, '.claude/skills/shared'));
    assert.equal(catalog.get('mine')!.location, kodama);
    const shadowed = catalog.warnings.filter((w) => w.skill === 'shared');
    assert.deepEqual(
      shadowed.map((w) => w.location),
      [join(root, '.agents/skills/shared/SKILL.md'), join(home, '.kodama/skills/shared/SKILL.md')],
    );
    for (const w of shadowed) {
      assert.equal(
        w.message,
        `skill "shared" is already defined at ${join(root, '.claude/skills/shared/SKILL.md')}; this one is ignored`,
      );
    }
  });

  test('missing directories are no problem; folders without SKILL.md are not skills', async () => {
    const { root, home } = rootAndHome();
    put(join(root, '.claude/skills/notes/README.md'), 'not a skill');
    put(join(root, '.claude/skills/loose.md'), skillText({ name: 'loose', description: 'x' }));
    const catalog = await loadSkillCatalog({ root, home });
    assert.ok(catalog.isEmpty);
    assert.deepEqual(catalog.warnings, []);
  });

  test('home defaults to the home directory, and null leaves it out', async () => {
    const { root, home } = rootAndHome();
    putSkill(home, '.claude/skills', 'at-home');
    assert.ok((await loadSkillCatalog({ root, home: null })).isEmpty);
    const previous = process.env.HOME;
    process.env.HOME = home;
    try {
      assert.deepEqual(
        (await loadSkillCatalog({ root })).skills.map((s) => s.name),
        ['at-home'],
      );
    } finally {
      process.env.HOME = previous;
    }
  });

  test('a home that is the project root is scanned once (no skill shadows itself)', async () => {
    const { root } = rootAndHome();
    putSkill(root, '.claude/skills', 'one');
    const catalog = await loadSkillCatalog({ root, home: root });
    assert.deepEqual(
      catalog.skills.map((s) => s.name),
      ['one'],
    );
    assert.deepEqual(catalog.warnings, []);
  });

  test('a symlinked skill directory is followed, and judged by where it really lives', async () => {
    const { root, home } = rootAndHome();
    putSkill(home, 'elsewhere', 'linked');
    putSkill(root, 'node_modules/some-dep/skills', 'dep-skill');
    mkdirSync(join(root, '.claude/skills'), { recursive: true });
    symlinkSync(join(home, 'elsewhere/linked'), join(root, '.claude/skills/linked'));
    symlinkSync(join(root, 'node_modules/some-dep/skills/dep-skill'), join(root, '.claude/skills/dep-skill'));
    const catalog = await loadSkillCatalog({ root, home });
    assert.equal(catalog.get('linked')?.baseDir, join(root, '.claude/skills/linked'));
    assert.equal(catalog.get('linked')?.inProject, false);
    assert.equal(catalog.get('linked')?.fromDependency, false);
    assert.equal(catalog.get('dep-skill')?.inProject, true);
    assert.equal(catalog.get('dep-skill')?.fromDependency, true);
  });

  test('a skills directory that cannot be listed is a warning (a symlink loop here)', async () => {
    const { root, home } = rootAndHome();
    mkdirSync(join(root, '.agents'));
    symlinkSync(join(root, '.agents/skills'), join(root, '.agents/skills'));
    putSkill(root, '.claude/skills', 'fine');
    const catalog = await loadSkillCatalog({ root, home });
    assert.deepEqual(
      catalog.skills.map((s) => s.name),
      ['fine'],
    );
    assert.deepEqual(catalog.warnings.map(formatSkillWarning), [
      `${join(root, '.agents/skills')}: cannot list this skills directory (ELOOP); skipped`,
    ]);
  });
});

// Every validation rule (errors, warnings, the messages): spec-rules.test.ts.
describe('catalog: what it keeps', () => {
  test('paths, allowed-tools and other keys are kept; a bad gate is a warning', async () => {
    const { root, home } = rootAndHome();
    put(
      join(root, '.claude/skills/gated/SKILL.md'),
      '---\nname: gated\ndescription: x\npaths:\n  - "./src/**/*.sql"\n  - 7\n  - /etc/*\n  - ../up/*\nallowed-tools: Read Grep\nlicense: MIT\nmetadata:\n  owner: db-team\n---\nbody\n',
    );
    const single = putSkill(root, '.claude/skills', 'single', {
      name: 'single',
      description: 'x',
      paths: 'docs/*.md',
    });
    const odd = putSkill(root, '.claude/skills', 'odd', { name: 'odd', description: 'x', paths: '{ a: 1 }' });
    const emptied = putSkill(root, '.claude/skills', 'emptied', {
      name: 'emptied',
      description: 'x',
      paths: '[]',
    });
    const catalog = await loadSkillCatalog({ root, home });
    const gated = catalog.get('gated')!;
    assert.deepEqual(gated.paths, ['src/**/*.sql']);
    assert.deepEqual(gated.allowedTools, ['Read', 'Grep']);
    assert.deepEqual(gated.metadata, { license: 'MIT', metadata: { owner: 'db-team' } });
    assert.deepEqual(messagesAt(catalog, gated.location), [
      'paths entry 2 is not a glob; ignored',
      'paths glob "/etc/*" is not relative to the project root; ignored',
      'paths glob "../up/*" is not relative to the project root; ignored',
    ]);
    assert.ok(
      catalog.warningsAt(gated.location).every((w) => w.severity === 'warning' && w.rule === 'paths'),
    );
    assert.deepEqual(catalog.get('single')?.paths, ['docs/*.md']);
    assert.deepEqual(messagesAt(catalog, single), []);
    assert.equal(catalog.get('odd')?.paths, undefined);
    assert.deepEqual(messagesAt(catalog, odd), ['paths must be a list of globs; the skill is always listed']);
    assert.equal(catalog.get('emptied')?.paths, undefined);
    assert.deepEqual(messagesAt(catalog, emptied), ['paths has no usable glob; the skill is always listed']);
    assert.deepEqual(
      catalog.gated.map((s) => s.name),
      ['gated', 'single'],
    );
  });
});
