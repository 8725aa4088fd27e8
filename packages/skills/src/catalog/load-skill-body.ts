import { readFile } from 'node:fs/promises';
import { splitFrontmatter } from '../frontmatter/split-frontmatter.ts';
import type { Skill } from './skill.ts';

/**
 * The Markdown body of a skill's `SKILL.md` (after the frontmatter, trimmed),
 * read now: the catalog holds only frontmatter, so a large body costs
 * nothing until it is asked for. A file edited since the scan is read as it
 * is now.
 *
 * @throws the file system's error when the file cannot be read.
 */
export async function loadSkillBody(skill: Skill): Promise<string> {
  const text = await readFile(skill.location, 'utf8');
  const split = splitFrontmatter(text);
  return (typeof split === 'string' ? text : split.body).trim();
}
