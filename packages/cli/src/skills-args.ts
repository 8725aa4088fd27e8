// `kodama skills`: the skills kodama ask would load, listed or shown.
import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** `kodama skills list | show <name> | validate [<dir>...]`. */
export interface SkillsArgs {
  readonly command: 'skills';
  readonly action: 'list' | 'show' | 'validate';
  readonly name: string | undefined;
  /** `validate`'s skill folders (or SKILL.md files); none: every skill of the catalog. */
  readonly paths: readonly string[];
  /** `--root`: the project root whose skills are listed (default: the current directory). */
  readonly root: string | undefined;
}

const SKILLS_OPTIONS = { root: { type: 'string' } } as const;

/** Parses the words after `kodama skills`. @throws UsageError */
export function parseSkills(args: readonly string[]): SkillsArgs {
  const { values, positionals } = strictParse('skills', () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: SKILLS_OPTIONS,
    }),
  );
  const [action = 'list', name, extra] = positionals;
  if (action === 'validate') {
    return { command: 'skills', action, name: undefined, paths: positionals.slice(1), root: values.root };
  }
  if (action !== 'list' && action !== 'show') {
    throw new UsageError(
      `unknown skills action "${action}": use list, show <name> or validate [<dir>...]`,
      'skills',
    );
  }
  if (action === 'show' && name === undefined)
    throw new UsageError('kodama skills show needs a skill name', 'skills');
  if ((action === 'list' && name !== undefined) || extra !== undefined) {
    throw new UsageError(`too many arguments for kodama skills ${action}`, 'skills');
  }
  return { command: 'skills', action, name, paths: [], root: values.root };
}

/** `kodama skills`. */
export const skillsCommand = defineCommand<SkillsArgs>({
  name: 'skills',
  synopsis: 'skills [list]',
  summary: 'list the skills ask would load (also: show <name>, validate)',
  usage: `Usage: kodama skills [list] [--root <dir>]
       kodama skills show <name> [--root <dir>]
       kodama skills validate [<dir>...] [--root <dir>]

Lists the skills kodama ask loads (name, source directory, the paths gate or
"always", errors and warnings), or shows one skill with its body. validate
checks skills against the Agent Skills format (agentskills.io): each <dir>
given (a skill folder or its SKILL.md), or every skill kodama ask would load,
their links to sidecar files included; it prints each problem and exits 1
when any is an error (a MUST of the format). Skills are folders
holding a SKILL.md, found under .kodama/skills, .claude/skills and
.agents/skills of the project root (--root, default: the current directory),
then of the home directory; the first skill of a name wins. A skill with a
paths gate is offered only once the model reads, writes or edits a file the
gate matches.
`,
  options: SKILLS_OPTIONS,
  parse: parseSkills,
  load: () => import('./skills-command.ts').then((m) => m.skills),
});
