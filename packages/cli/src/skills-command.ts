import { homedir } from 'node:os';
import { relative, resolve, sep } from 'node:path';
import { loadSkillBody, loadSkillCatalog, type Skill, type SkillCatalog } from '@kodama/skills';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { SkillsArgs } from './skills-args.ts';
import { formatTable } from './table.ts';

/** `kodama skills list | show <name>`: the catalog `kodama ask` would load. Resolves to the exit status. */
export async function skills(args: SkillsArgs, io: CliIO): Promise<number> {
  const root = resolve(args.root ?? process.cwd());
  const home = io.env.HOME || homedir();
  const catalog = await loadSkillCatalog({ root, home });
  const shown = displayPath(root, home);
  if (args.action === 'list') {
    io.stdout.write(listing(catalog, shown, root, home));
    return EXIT.ok;
  }
  const skill = catalog.get(args.name!);
  if (!skill) {
    io.stderr.write(`kodama: no skill "${args.name}"; kodama skills list shows the ones there are\n`);
    return EXIT.failed;
  }
  let body: string;
  try {
    body = await loadSkillBody(skill);
  } catch (error) {
    io.stderr.write(`kodama: cannot read ${skill.location}: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
  io.stdout.write(`${details(skill, catalog, shown)}\n${body}\n`);
  return EXIT.ok;
}

/** The table (name, source directory, paths gate or "always", warning count), then every warning. */
function listing(catalog: SkillCatalog, shown: (path: string) => string, root: string, home: string): string {
  const warnings = catalog.warnings.map((w) => `  ${shown(w.location)}: ${w.message}\n`).join('');
  const after = warnings === '' ? '' : `\nWarnings:\n${warnings}`;
  if (catalog.isEmpty) {
    const where = resolve(home) === root ? shown(root) : `${shown(root)} or ${shown(home)}`;
    return `no skills in ${where}: a skill is a folder with a SKILL.md under .kodama/skills, .claude/skills or .agents/skills\n${after}`;
  }
  const rows = catalog.skills.map((s) => [
    s.name,
    shown(s.source),
    s.paths?.join(', ') ?? 'always',
    String(catalog.warningsAt(s.location).length || ''),
  ]);
  return formatTable(['NAME', 'SOURCE', 'PATHS', 'WARNINGS'], rows) + after;
}

/** One skill's frontmatter and origin, one field a line. */
function details(skill: Skill, catalog: SkillCatalog, shown: (path: string) => string): string {
  const lines = [
    `name: ${skill.name}`,
    `description: ${skill.description}`,
    `location: ${skill.location}`,
    `source: ${shown(skill.source)}`,
    `paths: ${skill.paths?.join(', ') ?? 'always'}`,
  ];
  if (skill.allowedTools) lines.push(`allowed-tools: ${skill.allowedTools.join(', ')}`);
  for (const [key, value] of Object.entries(skill.metadata)) lines.push(`${key}: ${JSON.stringify(value)}`);
  for (const warning of catalog.warningsAt(skill.location)) lines.push(`warning: ${warning.message}`);
  return `${lines.join('\n')}\n`;
}

/** Paths as a person reads them: relative to the project root, `~/...` under the home directory. */
function displayPath(root: string, home: string): (path: string) => string {
  return (path) => {
    if (path === root) return '.';
    if (path.startsWith(root + sep)) return relative(root, path);
    if (path === home) return '~';
    if (path.startsWith(home + sep)) return `~/${relative(home, path)}`;
    return path;
  };
}
