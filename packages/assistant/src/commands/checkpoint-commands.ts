import { contentText } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import type { TurnCheckpoint } from '../checkpoints/file-checkpoints.ts';
import { applyRestore, describePlan, planRestore } from '../checkpoints/restore-plan.ts';
import type { Command, SlashContext } from './slash-commands.ts';

/** The text of a stored user message. */
function promptText(m: HistoryMessage | undefined): string {
  return m?.message.role === 'user' ? contentText(m.message.content) : '';
}

/** A prompt in one line, cut to `max` characters. */
function oneLine(text: string, max = 50): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `/undo`: the files the latest file-changing turn wrote or edited, put back as they were, after a preview. */
async function undo(_args: string, c: SlashContext): Promise<void> {
  const checkpoints = c.app.checkpoints;
  const last = checkpoints?.turns.at(-1);
  if (!checkpoints || !last) return c.say('nothing to undo: no turn of this session changed files');
  const plan = await planRestore(checkpoints, [last], c.app.root);
  const title = `undo turn "${oneLine(last.prompt)}"`;
  if (plan.steps.length === 0) {
    await checkpoints.drop([last.seq]);
    return c.say(`${title}: its files are already as they were`);
  }
  const files = plan.steps.map((s) => s.shown).join(', ');
  if (!(await c.app.confirmChange('undo', `${title}: ${files}`, describePlan(plan))))
    return c.say('undo cancelled; no file changed');
  await applyRestore(checkpoints, plan);
  await checkpoints.drop([last.seq]);
  // Tied to the undone turn: a /rewind to before it drops the note with the turn.
  c.app.noteForModel(
    `(The user undid your changes to ${files}; those files are back as they were before.)`,
    last.messagesBefore,
  );
  c.say(`restored ${files}`);
}

/** The checkpoints of the turns that start at or after message `index` of the conversation. */
function turnsFrom(
  checkpoints: readonly TurnCheckpoint[],
  messages: readonly HistoryMessage[],
  index: number,
): TurnCheckpoint[] {
  const later = new Set(messages.slice(index).map((m) => m.id));
  return checkpoints.filter((t) =>
    t.userMessageId !== undefined ? later.has(t.userMessageId) : t.messagesBefore >= index,
  );
}

/**
 * `/rewind [n]`: back to before the n-th prompt of the conversation (a list
 * to pick from without n): the messages from there on are dropped and the
 * files the agent changed since are put back, after a preview.
 */
async function rewind(args: string, c: SlashContext): Promise<void> {
  const messages = c.agent.exportHistory().messages;
  const prompts = messages.flatMap((m, index) => (m.kind === 'user' ? [{ index, message: m }] : []));
  if (prompts.length === 0) return c.say('nothing to rewind: the conversation is empty');
  let chosen: number | undefined;
  if (args) {
    const n = Number(args);
    if (!Number.isInteger(n) || n < 1 || n > prompts.length)
      return c.say(
        `/rewind takes a prompt number from 1 to ${prompts.length}; /rewind alone lists them`,
        'warning',
      );
    chosen = prompts[n - 1]?.index;
  } else {
    const picked = await c.app.modal.pick(
      'rewind to before which prompt?',
      prompts
        .map((p, i) => {
          const files = turnsFrom(c.app.checkpoints?.turns ?? [], messages, p.index).length;
          return {
            value: String(p.index),
            label: `${i + 1}. ${oneLine(promptText(p.message), 60)}`,
            description: files ? `${files} turn${files === 1 ? '' : 's'} of file changes after it` : '',
          };
        })
        .reverse(),
    );
    if (picked === undefined) return c.say('rewind cancelled');
    chosen = Number(picked);
  }
  if (chosen === undefined) return;
  const turns = turnsFrom(c.app.checkpoints?.turns ?? [], messages, chosen);
  const plan = c.app.checkpoints ? await planRestore(c.app.checkpoints, turns, c.app.root) : undefined;
  const prompt = promptText(messages[chosen]);
  const dropped = messages.length - chosen;
  const fileWords = plan?.steps.length
    ? `, restore ${plan.steps.map((s) => s.shown).join(', ')}`
    : ', no file to restore';
  const title = `rewind to before "${oneLine(prompt)}": drop ${dropped} message${dropped === 1 ? '' : 's'}${fileWords}`;
  if (!(await c.app.confirmChange('rewind', title, plan ? describePlan(plan) : '')))
    return c.say('rewind cancelled; nothing changed');
  if (plan && c.app.checkpoints) {
    await applyRestore(c.app.checkpoints, plan);
    await c.app.checkpoints.drop(turns.map((t) => t.seq));
  }
  // A note about a dropped turn (its undo) goes with it.
  c.app.notes.dropFrom(chosen);
  await c.app.replaceConversation(messages.slice(0, chosen), `rewound to before "${oneLine(prompt, 50)}"`);
  c.app.editor.setText(prompt);
}

/** `/undo` and `/rewind`. */
export const CHECKPOINT_COMMANDS: readonly Command[] = [
  {
    name: 'undo',
    description: 'put back the files the last turn changed (shows what first)',
    run: undo,
  },
  {
    name: 'rewind',
    description: 'back to an earlier prompt: conversation and files (shows what first)',
    argumentHint: '[n]',
    run: rewind,
  },
];
