import { homedir } from 'node:os';
import type { Extension } from '@kodama/core';
import { SKILL_TOOL } from '@kodama/skills/tool-name';
import { TASKS_TOOL_GROUP } from '@kodama/tools/tool-names';
import type { CliIO } from './cli-io.ts';
import { type ToolChoice, UsageError } from './parse-support.ts';

/** `--tools` names that are extensions rather than registry tools: the `skill` tool, and the four task tools. */
export const SKILLS_AND_TASKS: readonly string[] = Object.freeze([SKILL_TOOL, TASKS_TOOL_GROUP]);

/** What skills and tasks add to `kodama ask`. */
export interface SkillsAndTasksPlan {
  /** The `--tools` names left for the tool registries. */
  readonly toolNames: readonly string[];
  /** The skills extension (when the catalog is on and not empty) and the tasks extension (`--tools tasks`). */
  readonly extensions: readonly Extension[];
  /** Skill directories outside the project root, for the read tool (a skill's sidecar files). */
  readonly readableRoots: readonly string[];
}

/**
 * Loads the skill catalog from `root` and the home directory (unless
 * `--no-skills`; `$HOME` from the command's environment) and builds the
 * skills extension; builds the tasks extension for `--tools tasks`. Skills
 * are on whatever `--tools` says (`skill` may be named, and is implied); each
 * catalog problem goes to `notice` as `skill error: <file>: ...` or
 * `skill warning: <file>: ...` (default: a `kodama: ` line on stderr; the
 * assistant's screen shows them as notices). Loads `@kodama/skills` only when
 * skills are on and `@kodama/tools/tasks` only when asked for.
 *
 * @throws UsageError for `--tools skill` with `--no-skills`.
 */
export async function planSkillsAndTasks(
  args: ToolChoice,
  root: string,
  io: CliIO,
  notice: (line: string) => void = (line) => io.stderr.write(`kodama: ${line}\n`),
): Promise<SkillsAndTasksPlan> {
  const toolNames = args.tools.filter((name) => !SKILLS_AND_TASKS.includes(name));
  if (!args.skills && args.tools.includes(SKILL_TOOL)) {
    throw new UsageError('--tools skill needs skills: drop --no-skills', 'ask');
  }
  const extensions: Extension[] = [];
  const readableRoots: string[] = [];
  if (args.skills) {
    const { loadSkillCatalog, SkillsExtension } = await import('@kodama/skills');
    const catalog = await loadSkillCatalog({ root, home: io.env.HOME || homedir() });
    for (const w of catalog.warnings) notice(`skill ${w.severity}: ${w.location}: ${w.message}`);
    if (!catalog.isEmpty) extensions.push(new SkillsExtension({ catalog, root }));
    readableRoots.push(...catalog.skills.filter((s) => !s.inProject).map((s) => s.baseDir));
  }
  if (args.tools.includes(TASKS_TOOL_GROUP)) {
    const { TasksExtension } = await import('@kodama/tools/tasks');
    extensions.push(new TasksExtension());
  }
  return { toolNames, extensions, readableRoots };
}
