import type { BackgroundControl } from '../app/assistant-options.ts';
import type { Command, SlashContext } from './slash-commands.ts';

/** Longest command (or task) text a `/tasks` line shows. */
const SHOWN_LABEL = 60;

/**
 * The `/tasks` list: one line per background task, commands and sub-agents
 * (id, status, runtime, unread lines; the command, or `sub-agent` and its
 * persona and task).
 */
export function tasksReport(background: BackgroundControl | undefined): string {
  const tasks = background?.list() ?? [];
  if (tasks.length === 0)
    return 'no background tasks (bash run_in_background starts a command; the agent tool with background: true, a sub-agent)';
  const lines = tasks.map((task) => {
    const flat = task.label.replace(/\s+/g, ' ');
    const label = flat.length > SHOWN_LABEL ? `${flat.slice(0, SHOWN_LABEL - 1)}…` : flat;
    const unread = task.newLines > 0 ? ` · ${task.newLines} new line${task.newLines === 1 ? '' : 's'}` : '';
    const kind = task.kind === 'agent' ? 'sub-agent ' : '';
    return `${task.id}  ${task.status} · ${task.runtime}${unread}  ${kind}${label}`;
  });
  const running = tasks.filter((task) => task.running).length;
  return [...lines, running > 0 ? '/tasks kill <id> ends one' : ''].filter(Boolean).join('\n');
}

async function runTasks(args: string, ctx: SlashContext): Promise<void> {
  const [verb, id] = args.split(/\s+/).filter(Boolean);
  if (verb === undefined) return ctx.say(tasksReport(ctx.info.background));
  if (verb !== 'kill' || id === undefined)
    return ctx.say(
      'usage: /tasks lists the background commands and sub-agents; /tasks kill <id> ends one',
      'warning',
    );
  const status = await ctx.info.background?.kill(id);
  if (status === undefined) return ctx.say(`no background task ${id}; /tasks lists them`, 'warning');
  ctx.say(`${id}: ${status}`);
}

/** `/tasks` (also `/bashes`): the background commands and sub-agents, and `/tasks kill <id>`. */
export const TASK_COMMANDS: readonly Command[] = [
  {
    name: 'tasks',
    aliases: ['bashes'],
    description: 'background commands and sub-agents: status, runtime, new output (also /bashes)',
    argumentHint: '[kill <id>]',
    whileBusy: true,
    run: runTasks,
  },
];
