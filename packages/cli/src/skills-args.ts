// `kodama skills`: the skills kodama ask would load, listed or shown.
import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** `kodama skills list | show <name>`. */
export interface SkillsArgs {
  readonly command: 'skills';
  readonly action: 'list' | 'show';
  readonly name: string | undefined;
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
  if (action !== 'list' && action !== 'show') {
    throw new UsageError(`unknown skills action "${action}": use list or show <name>`, 'skills');
  }
  if (action === 'show' && name === undefined)
    throw new UsageError('kodama skills show needs a skill name', 'skills');
  if ((action === 'list' && name !== undefined) || extra !== undefined) {
    throw new UsageError(`too many arguments for kodama skills ${action}`, 'skills');
  }
  return { command: 'skills', action, name, root: values.root };
}

/** `kodama skills`. */
export const skillsCommand = defineCommand<SkillsArgs>({
  name: 'skills',
  synopsis: 'skills [list]',
  summary: 'list the skills ask would load (also: show <name>)',
  usage: `Usage: kodama skills [list] [--root <dir>]
       kodama skills show <name> [--root <dir>]

Lists the skills kodama ask loads (name, source directory, the paths gate or
"always", warnings), or shows one skill with its body. Skills are folders
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
