// Splitting SKILL.md at its frontmatter, and reading the frontmatter of a file without its body.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadSkillBody, loadSkillCatalog, MAX_FRONTMATTER_BYTES } from '../src/index.ts';
import { put, rootAndHome } from './helpers/temp-tree.ts';

describe('frontmatter', () => {
  test('CRLF line ends, a byte-order mark and a closing line at the end of the file are read', async () => {
    const { root, home } = rootAndHome();
    put(
      join(root, '.claude/skills/crlf/SKILL.md'),
      '\uFEFF---\r\nname: crlf\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
    );
    put(join(root, '.claude/skills/bare/SKILL.md'), '---\nname: bare\ndescription: No body.\n---');
    const catalog = await loadSkillCatalog({ root, home });
    assert.equal(catalog.get('crlf')?.description, 'CRLF.');
    assert.equal(await loadSkillBody(catalog.get('crlf')!), 'Body.');
    assert.equal(await loadSkillBody(catalog.get('bare')!), '');
    assert.deepEqual(catalog.warnings, []);
  });

  test('a frontmatter longer than the first read chunk is still found; one past the limit is unclosed', async () => {
    const { root, home } = rootAndHome();
    const long = 'd'.repeat(10_000);
    put(join(root, '.claude/skills/long/SKILL.md'), `---\nname: long\ndescription: ${long}\n---\nbody\n`);
    const filler = `# ${'x'.repeat(78)}\n`.repeat(Math.ceil(MAX_FRONTMATTER_BYTES / 80) + 10);
    const huge = put(
      join(root, '.claude/skills/huge/SKILL.md'),
      `---\nname: huge\ndescription: x\n${filler}---\nbody\n`,
    );
    const catalog = await loadSkillCatalog({ root, home });
    assert.equal(catalog.get('long')?.description, long);
    assert.equal(catalog.get('huge'), undefined);
    assert.deepEqual(
      catalog.warningsAt(huge).map((w) => w.message),
      ['the frontmatter has no closing --- line; skipped: add a --- line after the last field'],
    );
  });

  test('a --- inside the body does not end anything early; "----" is not a closing line', async () => {
    const { root, home } = rootAndHome();
    put(
      join(root, '.claude/skills/rules/SKILL.md'),
      '---\nname: rules\ndescription: x\nnote: |\n  ----\n---\nAbove\n\n---\n\nBelow\n',
    );
    const catalog = await loadSkillCatalog({ root, home });
    assert.deepEqual(catalog.get('rules')?.metadata, { note: '----\n' });
    assert.equal(await loadSkillBody(catalog.get('rules')!), 'Above\n\n---\n\nBelow');
  });
});
