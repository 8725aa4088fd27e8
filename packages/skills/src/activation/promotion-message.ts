import type { Content } from '@kodama/core';
import type { HistoryMessage } from '@kodama/core/history';
import type { Skill } from '../catalog/skill.ts';
import { unXmlText, xmlText } from '../text/xml-text.ts';

/**
 * The message that announces promoted skills to the model, delivered in the
 * same turn through the interjection seam. Its opening tag carries the path
 * and the skill names machine-readably, so activation state can be rebuilt
 * from a loaded conversation:
 *
 * ```
 * <skills-activated path="src/db/001.sql" skills="sql-migrations,db-style">
 * You are working on src/db/001.sql; these skills cover it. ...
 * - sql-migrations: Writing and checking SQL migrations.
 * </skills-activated>
 * ```
 */
export function promotionMessage(skills: readonly Skill[], path: string): string {
  const names = skills.map((s) => xmlText(s.name).replace(/,/g, '&#44;')).join(',');
  const lines = skills.map((s) => `- ${xmlText(s.name)}: ${xmlText(s.description)}`);
  const one = skills.length === 1;
  return [
    `<skills-activated path="${xmlText(path)}" skills="${names}">`,
    `You are working on ${xmlText(path)}; ${one ? 'this skill covers' : 'these skills cover'} it. ` +
      `Before going on, load ${one ? 'it' : 'each one whose description fits'} with the skill tool ` +
      `(name="<skill>") and follow it:`,
    ...lines,
    '</skills-activated>',
  ].join('\n');
}

const OPENING = /^<skills-activated path="[^"]*" skills="([^"]*)">/;

/** The skill names a promotion message announced, or `undefined` when `content` is not one. */
export function promotedNames(content: Content): string[] | undefined {
  const text = typeof content === 'string' ? content : content.find((p) => p.type === 'text')?.text;
  const match = text === undefined ? null : OPENING.exec(text);
  if (!match) return undefined;
  return match[1] === '' ? [] : match[1]!.split(',').map(unXmlText);
}

/**
 * Every skill name promoted in a conversation: read from its `injected`
 * messages that carry a promotion, in order. Text the user typed is never
 * read as a promotion.
 */
export function promotedInHistory(messages: readonly HistoryMessage[]): string[] {
  const names: string[] = [];
  for (const { kind, message } of messages) {
    if (kind !== 'injected' || message.role !== 'user') continue;
    names.push(...(promotedNames(message.content) ?? []));
  }
  return names;
}
