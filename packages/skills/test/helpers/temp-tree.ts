// Real directories in a temp folder: a project root and a home, with skills written into them.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after } from 'node:test';

/** A fresh temp directory (real path), removed after the file's tests. */
export function tempDir(prefix = 'kodama-skills-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `text` at `path`, creating its directories. */
export function put(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** A SKILL.md's text: frontmatter lines, then a body. */
export function skillText(frontmatter: Record<string, string>, body = 'Do the thing.'): string {
  const lines = Object.entries(frontmatter).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n${body}\n`;
}

/** Writes `<base>/<dir>/<name>/SKILL.md` and returns its path. */
export function putSkill(
  base: string,
  dir: string,
  name: string,
  frontmatter: Record<string, string> = { name, description: `The ${name} skill.` },
  body?: string,
): string {
  return put(join(base, dir, name, 'SKILL.md'), skillText(frontmatter, body));
}

/** A project root and a home directory side by side in one temp folder. */
export function rootAndHome(): { root: string; home: string } {
  const dir = tempDir();
  const root = join(dir, 'project');
  const home = join(dir, 'home');
  mkdirSync(root);
  mkdirSync(home);
  return { root, home };
}
