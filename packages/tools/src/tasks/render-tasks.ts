import { TASK_STATUSES, type Task, type TaskStatus } from './task.ts';

/**
 * The list as every task tool answers with it, one item per line:
 *
 * ```
 * <tasks>
 * - [completed] #1 Read the failing test
 * - [in_progress] #2 Fix the parser
 * - [pending] #3 Run the whole suite
 * </tasks>
 * ```
 *
 * An empty list reads `(no tasks)`. When more than one item is in progress a
 * note after the block says to keep exactly one.
 */
export function renderTasks(tasks: readonly Task[]): string {
  const lines = tasks.length === 0 ? ['(no tasks)'] : tasks.map((t) => `- [${t.status}] #${t.id} ${t.text}`);
  const busy = tasks.filter((t) => t.status === 'in_progress').length;
  const note = busy > 1 ? `\nNote: ${busy} items are in progress; keep exactly one.` : '';
  return `<tasks>\n${lines.join('\n')}\n</tasks>${note}`;
}

const ITEM = /^- \[([a-z_]+)\] #(\d+) (.*)$/;

/** The tasks of a {@link renderTasks} answer, or `undefined` when `text` is not one. */
export function parseTasks(text: string): Task[] | undefined {
  if (!text.startsWith('<tasks>\n')) return undefined;
  const end = text.indexOf('\n</tasks>');
  if (end === -1) return undefined;
  const body = text.slice('<tasks>\n'.length, end);
  if (body === '(no tasks)') return [];
  const tasks: Task[] = [];
  for (const line of body.split('\n')) {
    const m = ITEM.exec(line);
    if (!m || !(TASK_STATUSES as readonly string[]).includes(m[1]!)) return undefined;
    tasks.push({ id: Number(m[2]), status: m[1] as TaskStatus, text: m[3]! });
  }
  return tasks;
}
