import { homedir } from 'node:os';
import { relative, resolve, sep } from 'node:path';
import {
  checkSkillLinks,
  loadSkillBody,
  loadSkillCatalog,
  type Skill,
  type SkillCatalog,
  type SkillWarning,
  validateSkill,
} from '@kodama/skills';
import type { CliIO } from './cli-io.ts';
import { EXIT } from './exit-status.ts';
import type { SkillsArgs } from './skills-args.ts';
import { formatTable } from './table.ts';

/** `kodama skills list | show <name> | validate [<dir>...]`: the catalog `kodama ask` would load. Resolves to the exit status. */
export async function skills(args: SkillsArgs, io: CliIO): Promise<number> {
  const root = resolve(args.root ?? process.cwd());
  const home = io.env.HOME || homedir();
  if (args.action === 'validate' && args.paths.length > 0) return validatePaths(args.paths, io);
  const catalog = await loadSkillCatalog({ root, home });
  const shown = displayPath(root, home);
  if (args.action === 'list') {
    io.stdout.write(listing(catalog, shown, root, home));
    return EXIT.ok;
  }
  if (args.action === 'validate') return validateCatalog(catalog, shown, io);
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
  const problems = [...catalog.warningsAt(skill.location), ...(await checkSkillLinks(skill))];
  io.stdout.write(`${details(skill, problems, shown)}\n${body}\n`);
  return EXIT.ok;
}

/** The table (name, source directory, paths gate or "always", error and warning counts), then every problem. */
function listing(catalog: SkillCatalog, shown: (path: string) => string, root: string, home: string): string {
  const problems = catalog.warnings.map((w) => `  ${problemLine(w, shown)}\n`).join('');
  const after = problems === '' ? '' : `\nProblems:\n${problems}`;
  if (catalog.isEmpty) {
    const where = resolve(home) === root ? shown(root) : `${shown(root)} or ${shown(home)}`;
    return `no skills in ${where}: a skill is a folder with a SKILL.md under .kodama/skills, .claude/skills or .agents/skills\n${after}`;
  }
  const count = (s: Skill, severity: SkillWarning['severity']) =>
    String(catalog.warningsAt(s.location).filter((w) => w.severity === severity).length || '');
  const rows = catalog.skills.map((s) => [
    s.name,
    shown(s.source),
    s.paths?.join(', ') ?? 'always',
    count(s, 'error'),
    count(s, 'warning'),
  ]);
  return formatTable(['NAME', 'SOURCE', 'PATHS', 'ERRORS', 'WARNINGS'], rows) + after;
}

/** One skill's frontmatter and origin, one field a line, then its problems. */
function details(skill: Skill, problems: readonly SkillWarning[], shown: (path: string) => string): string {
  const lines = [
    `name: ${skill.name}`,
    `description: ${skill.description}`,
    `location: ${skill.location}`,
    `source: ${shown(skill.source)}`,
    `paths: ${skill.paths?.join(', ') ?? 'always'}`,
  ];
  if (skill.allowedTools) lines.push(`allowed-tools: ${skill.allowedTools.join(' ')}`);
  for (const [key, value] of Object.entries(skill.metadata)) lines.push(`${key}: ${JSON.stringify(value)}`);
  for (const p of problems) lines.push(`${p.severity}: ${p.message}`);
  return `${lines.join('\n')}\n`;
}

/** `kodama skills validate`: every skill of the catalog, its body's links included; 1 when any error. */
async function validateCatalog(
  catalog: SkillCatalog,
  shown: (path: string) => string,
  io: CliIO,
): Promise<number> {
  const problems = [...catalog.warnings];
  for (const skill of catalog.skills) problems.push(...(await checkSkillLinks(skill)));
  for (const p of problems) io.stdout.write(`${problemLine(p, shown)}\n`);
  return summary(problems, catalog.skills.length, io);
}

/** `kodama skills validate <dir>...`: each folder (or SKILL.md) as `skills-ref validate` would take it. */
async function validatePaths(paths: readonly string[], io: CliIO): Promise<number> {
  const problems: SkillWarning[] = [];
  let skills = 0;
  for (const path of paths) {
    const result = await validateSkill(path);
    if (result.skill) skills++;
    problems.push(...result.problems);
  }
  const cwd = process.cwd();
  for (const p of problems) io.stdout.write(`${problemLine(p, (path) => relative(cwd, path) || '.')}\n`);
  return summary(problems, skills, io);
}

/** The closing line; the exit status is 1 when any problem is an error. */
function summary(problems: readonly SkillWarning[], skills: number, io: CliIO): number {
  const errors = problems.filter((p) => p.severity === 'error').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const verdict = errors > 0 ? 'not valid: fix the errors above' : 'valid';
  io.stdout.write(
    `${plural(skills, 'skill')}, ${plural(errors, 'error')}, ${plural(problems.length - errors, 'warning')}: ${verdict}\n`,
  );
  return errors > 0 ? EXIT.failed : EXIT.ok;
}

/** `<file>: error: <message>` or `<file>: warning: <message>`. */
function problemLine(p: SkillWarning, shown: (path: string) => string): string {
  return `${shown(p.location)}: ${p.severity}: ${p.message}`;
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
