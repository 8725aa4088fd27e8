import type { Agent } from '@kodama/core';
import type { SessionStore } from '@kodama/core/session';
import type { SlashCommand } from '@mariozechner/pi-tui';
import type { AssistantApp } from '../app/assistant-app.ts';
import type { AssistantInfo } from '../app/assistant-options.ts';
import type { UsageTotals } from '../app/usage-totals.ts';
import type { NoticeKind } from '../render/transcript.ts';
import { CHECKPOINT_COMMANDS } from './checkpoint-commands.ts';
import type { CustomCommand } from './command-file.ts';
import { customHelp, runCustomCommand } from './custom-commands.ts';
import { PERMISSION_COMMANDS } from './permission-commands.ts';
import {
  contextReport,
  costReport,
  exportConversation,
  sessionsReport,
  toolsReport,
  trifectaReport,
} from './reports.ts';
import { SESSION_COMMANDS } from './session-commands.ts';
import { TASK_COMMANDS } from './task-commands.ts';

/** What a slash command works with. */
export interface SlashContext {
  readonly app: AssistantApp;
  readonly agent: Agent;
  readonly store: SessionStore;
  readonly info: AssistantInfo;
  readonly usage: UsageTotals;
  /** Shows a line (or lines) in the transcript. */
  readonly say: (text: string, kind?: NoticeKind) => void;
  /** The custom commands (Markdown files) of this session. */
  readonly commands?: readonly CustomCommand[];
  /** Asked before `/compact` folds the conversation (the PreCompact hooks); a reason stops it. */
  readonly beforeCompact?: (instructions: string) => Promise<string | undefined>;
}

/** One slash command. */
export interface Command {
  readonly name: string;
  readonly description: string;
  readonly argumentHint?: string;
  /** Other names it answers to (`/bashes` for `/tasks`). */
  readonly aliases?: readonly string[];
  /** False when it cannot run while a turn is running. */
  readonly whileBusy?: boolean;
  run(args: string, ctx: SlashContext): void | Promise<void>;
}

const COMMANDS: readonly Command[] = [
  {
    name: 'help',
    description: 'commands and keys',
    whileBusy: true,
    run: (_a, c) => c.say(helpText(c.commands)),
  },
  { name: 'clear', description: 'start a fresh conversation (a new session)', run: (_a, c) => c.app.clear() },
  ...SESSION_COMMANDS.filter((s) => s.name !== 'mcp'),
  ...CHECKPOINT_COMMANDS,
  {
    name: 'model',
    description: 'switch the model from the next turn on',
    argumentHint: '<target>',
    run: async (a, c) => {
      if (!a)
        return c.say(`model: ${c.agent.model.provider}:${c.agent.model.modelId}; /model <target> switches`);
      await c.app.switchModel(a);
      c.say(`model: ${a} from the next turn on`);
    },
  },
  {
    name: 'sessions',
    description: 'stored sessions, most recent first',
    whileBusy: true,
    run: async (_a, c) => c.say(await sessionsReport(c.store)),
  },
  {
    name: 'resume',
    description: 'continue a stored session',
    argumentHint: '<id>',
    run: async (a, c) => {
      if (!a) return c.say('resume which session? /sessions lists them', 'warning');
      if (!(await c.store.load(a))) return c.say(`no session ${a}; /sessions lists them`, 'warning');
      await c.app.resume(a);
    },
  },
  {
    name: 'context',
    description: 'what the model reads: prompt, instructions, tools, usage',
    whileBusy: true,
    run: (_a, c) => c.say(contextReport(c)),
  },
  {
    name: 'tools',
    description: 'the tools the model can call',
    whileBusy: true,
    run: (_a, c) => c.say(toolsReport(c.agent)),
  },
  {
    name: 'skills',
    description: 'the skills the model can activate',
    whileBusy: true,
    run: (_a, c) =>
      c.say(
        c.info.skills?.length
          ? c.info.skills.map((s) => `${s.name}: ${s.description}`).join('\n')
          : 'no skills in the catalog (SKILL.md folders under .kodama/skills, .claude/skills, ~/.kodama/skills)',
      ),
  },
  ...SESSION_COMMANDS.filter((s) => s.name === 'mcp'),
  ...TASK_COMMANDS,
  ...PERMISSION_COMMANDS,
  {
    name: 'trifecta',
    description: 'the lethal-trifecta map and the taint so far',
    whileBusy: true,
    run: (_a, c) => c.say(trifectaReport(c.agent)),
  },
  {
    name: 'cost',
    description: 'tokens and cost of this session',
    whileBusy: true,
    run: (_a, c) => c.say(costReport(c.usage)),
  },
  {
    name: 'export',
    description: 'write the conversation to a file (.md or .json)',
    argumentHint: '<file.md|file.json>',
    run: async (a, c) => c.say(await exportConversation(c.agent, a)),
  },
  {
    name: 'exit',
    description: 'leave (also Ctrl+D, Ctrl+C twice)',
    whileBusy: true,
    run: (_a, c) => c.app.exit(),
  },
];

function helpText(custom: readonly CustomCommand[] = []): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length + (c.argumentHint?.length ?? 0) + 2));
  return [
    ...COMMANDS.map((c) => `/${`${c.name} ${c.argumentHint ?? ''}`.padEnd(width)} ${c.description}`),
    ...customHelp(custom, width),
    '',
    'Enter sends · Alt+Enter or Shift+Enter: new line · Up/Down: history',
    '@path attaches a file or image · !command runs a shell command for the model to see',
    'typing while the agent works queues a message for its next step',
    'Esc or Ctrl+C: cancel the turn · Ctrl+C twice or Ctrl+D: exit',
    'Ctrl+O: fold/unfold tool output and reasoning · Ctrl+T: fold/unfold the latest reasoning',
    'Ctrl+B: move a running bash command to the background (/tasks lists them)',
  ].join('\n');
}

/** The names of the built-in commands: a custom command of one of these names is not used. */
export const BUILT_IN_COMMANDS: readonly string[] = Object.freeze(COMMANDS.map((c) => c.name));

/** The slash commands: run one, or complete their names. */
export const slashCommands = {
  /** Every command, in the order /help lists them. */
  list: COMMANDS,

  /** Runs `/name args`; unknown names and busy-only refusals are said in the transcript. */
  async run(line: string, ctx: SlashContext): Promise<void> {
    const [, name = '', args = ''] = /^\/(\S*)\s*([\s\S]*)$/.exec(line.trim()) ?? [];
    const command = COMMANDS.find((c) => c.name === name || c.aliases?.includes(name));
    const custom = command ? undefined : ctx.commands?.find((c) => c.name === name);
    if (custom) return runCustomCommand(custom, args.trim(), ctx);
    if (!command) return ctx.say(`unknown command /${name}; /help lists them`, 'warning');
    if (ctx.app.busy && command.whileBusy !== true)
      return ctx.say(`/${name} waits until the turn ends (Esc cancels it)`, 'warning');
    try {
      await command.run(args.trim(), ctx);
    } catch (error) {
      ctx.say(`/${name}: ${error instanceof Error ? error.message : String(error)}`, 'error');
    }
  },

  /** The commands as the input completes them after `/`, the custom ones after the built-in ones. */
  completions(custom: readonly CustomCommand[] = []): SlashCommand[] {
    return [...COMMANDS, ...custom].map((c) => ({
      name: c.name,
      description: c.description,
      ...(c.argumentHint ? { argumentHint: c.argumentHint } : {}),
    }));
  },
};
