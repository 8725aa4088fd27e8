// A project with two path-gated skills and one always-on skill, and files for them to match.
import { join } from 'node:path';
import { put, rootAndHome } from './temp-tree.ts';

/** The fixture's skills: `sql-migrations` (src/db/**\/*.sql), `db-style` (src/db/**), `always` (no gate). */
export function gatedProject(): { root: string; home: string; outside: string } {
  const { root, home } = rootAndHome();
  put(
    join(root, '.claude/skills/sql-migrations/SKILL.md'),
    '---\nname: sql-migrations\ndescription: Writing SQL migrations.\npaths:\n  - "src/db/**/*.sql"\n---\nNumber migrations from 001.\n',
  );
  put(
    join(root, '.claude/skills/db-style/SKILL.md'),
    '---\nname: db-style\ndescription: House style for the db folder.\npaths: ["src/db/**"]\n---\nUse snake_case.\n',
  );
  put(
    join(root, '.claude/skills/always/SKILL.md'),
    '---\nname: always\ndescription: Always listed.\n---\nAlways body.\n',
  );
  put(join(root, 'src/db/001_init.sql'), 'create table t (id int);\n');
  put(join(root, 'src/db/notes.md'), 'notes\n');
  put(join(root, 'src/app.ts'), 'export {};\n');
  const outside = join(root, '..', 'outside');
  put(join(outside, 'src/db/x.sql'), 'select 1;\n');
  return { root, home, outside };
}
