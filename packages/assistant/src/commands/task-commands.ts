import type { BackgroundControl } from '../app/assistant-options.ts';
import type { Command, SlashContext } from './slash-commands.ts';

/** Longest command text a `/tasks` line shows. */
const SHOWN_COMMAND = 60;

/** The `/tasks` list: one line per background command (id, status, runtime, unread lines, command). */
export function tasksReport(background: BackgroundControl | undefined): string {
  const tasks = background?.list() ?? [];
  if (tasks.length === 0) return 'no background commands (the model starts one with bash run_in_background)';
  const lines = tasks.map((task) => {
    const command =
      task.command.length > SHOWN_COMMAND ? `${task.command.slice(0, SHOWN_COMMAND - 1)}…` : task.command;
    const unread = task.newLines > 0 ? ` · ${task.newLines} new line${task.newLines === 1 ? '' : 's'}` : '';
    return `${task.id}  ${task.status} · ${task.runtime}${unread}  ${command.replace(/\s+/g, ' ')}`;
  });
  const running = tasks.filter((task) => task.running).length;
  return [...lines, running > 0 ? '/tasks kill <id> ends one' : ''].filter(Boolean).join('\n');
}

async function runTasks(args: string, ctx: SlashContext): Promise<void> {
  const [verb, id] = args.split(/\s+/).filter(Boolean);
  if (verb === undefined) return ctx.say(tasksReport(ctx.info.background));
  if (verb !== 'kill' || id === undefined)
    return ctx.say('usage: /tasks lists the background commands; /tasks kill <id> ends one', 'warning');
  const status = await ctx.info.background?.kill(id);
  if (status === undefined) return ctx.say(`no background command ${id}; /tasks lists them`, 'warning');
  ctx.say(`${id}: ${status}`);
}

/** `/tasks` (also `/bashes`): the background commands, and `/tasks kill <id>`. */
export const TASK_COMMANDS: readonly Command[] = [
  {
    name: 'tasks',
    aliases: ['bashes'],
    description: 'background commands: status, runtime, new output (also /bashes)',
    argumentHint: '[kill <id>]',
    whileBusy: true,
    run: runTasks,
  },
];
