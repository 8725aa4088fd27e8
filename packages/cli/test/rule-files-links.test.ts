// Saving an "always" rule "for this project" when the project's
// .kodama/config.json (or .kodama itself) is a symbolic link leading out of
// the folder: a cloned repository can ship such a link, pointing at the
// user's own config.json, so that "this project" would land in the file every
// project reads (trusted, never asked about). Nothing outside the project is
// written; the link inside the project, and ordinary saves, still work.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, realpath, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { configPath } from '../src/config.ts';
import { ruleFiles } from '../src/interactive-setup.ts';

async function layout() {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'kodama-rule-links-')));
  const root = join(dir, 'project');
  const env = { HOME: join(dir, 'home'), XDG_CONFIG_HOME: join(dir, 'home', '.config') };
  const user = configPath(env);
  await mkdir(join(root, '.kodama'), { recursive: true });
  await mkdir(join(user, '..'), { recursive: true });
  const userText = '{\n  "theme": "plain"\n}\n';
  await writeFile(user, userText);
  return { dir, root, env, user, userText };
}

test("a project config.json linked to the user's config.json is not written: the user's file is byte-for-byte unchanged", async () => {
  const { root, env, user, userText } = await layout();
  await symlink(user, join(root, '.kodama', 'config.json'));
  const files = ruleFiles(root, env, { trusted: false, nothingToTrust: true });
  assert.ok(files.project, 'the project file is offered (nothing to trust yet)');
  await assert.rejects(files.add(files.project.path, 'bash(curl:*)'), /leads out of the project/);
  await assert.rejects(files.remove(files.project.path, 'allow', 'bash(curl:*)'), /leads out of the project/);
  assert.equal(await readFile(user, 'utf8'), userText);
});

test('a .kodama folder linked out of the project is not written into', async () => {
  const { dir, env } = await layout();
  const elsewhere = join(dir, 'elsewhere');
  await mkdir(elsewhere);
  const other = join(dir, 'other-project');
  await mkdir(other);
  await writeFile(join(elsewhere, 'config.json'), '{}\n');
  await symlink(elsewhere, join(other, '.kodama'));
  const files = ruleFiles(other, env, { trusted: true });
  assert.ok(files.project);
  await assert.rejects(files.add(files.project.path, 'edit(src/a.ts)'), /leads out of the project/);
  assert.equal(await readFile(join(elsewhere, 'config.json'), 'utf8'), '{}\n');
});

test('ordinary saves still land: a plain project file, a link inside the project, and a linked user dotfile', async () => {
  const { dir, root, env, user } = await layout();
  const files = ruleFiles(root, env, { trusted: true });
  assert.ok(files.project && files.user);
  assert.equal(await files.add(files.project.path, 'bash(npm test:*)'), true);
  assert.deepEqual(JSON.parse(await readFile(join(root, '.kodama', 'config.json'), 'utf8')), {
    permissions: { allow: ['bash(npm test:*)'] },
  });

  // A project whose .kodama/config.json links to a file inside the same project is written through it.
  const inner = join(dir, 'inner');
  await mkdir(join(inner, '.kodama'), { recursive: true });
  await mkdir(join(inner, 'conf'));
  await writeFile(join(inner, 'conf', 'kodama.json'), '{}\n');
  await symlink(join(inner, 'conf', 'kodama.json'), join(inner, '.kodama', 'config.json'));
  const innerFiles = ruleFiles(inner, env, { trusted: true });
  assert.equal(await innerFiles.add(innerFiles.project!.path, 'edit(src/a.ts)'), true);
  assert.deepEqual(JSON.parse(await readFile(join(inner, 'conf', 'kodama.json'), 'utf8')), {
    permissions: { allow: ['edit(src/a.ts)'] },
  });

  // The user's own config.json may be a link into a dotfiles folder anywhere: it is the person's file.
  const dotfiles = join(dir, 'dotfiles');
  await mkdir(dotfiles);
  await writeFile(join(dotfiles, 'kodama.json'), '{}\n');
  await unlink(user);
  await symlink(join(dotfiles, 'kodama.json'), user);
  assert.equal(await files.add(files.user.path, 'bash(git status)'), true);
  assert.deepEqual(JSON.parse(await readFile(join(dotfiles, 'kodama.json'), 'utf8')), {
    permissions: { allow: ['bash(git status)'] },
  });
});
