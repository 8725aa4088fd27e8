import type { HistoryMessage } from '@kodama/core/history';
import { parseTasks } from './render-tasks.ts';
import type { Task } from './task.ts';
import { TASK_TOOL_NAMES } from './task-tools.ts';

/** A task list as a conversation records it. */
export interface RecordedTasks {
  /** The list of the last successful task tool answer ([] when there is none). */
  readonly tasks: readonly Task[];
  /** One more than the highest id any task answer ever listed (1 when none did). */
  readonly nextId: number;
}

/**
 * Rebuilds a task list from a conversation: every mutation answered with the
 * whole list, so the last successful answer is the list, and the highest id
 * ever listed bounds the ids already given out (a deleted task's id is not
 * reused after a reload either).
 */
export function tasksFromHistory(messages: readonly HistoryMessage[]): RecordedTasks {
  let tasks: readonly Task[] = [];
  let highest = 0;
  for (const { message } of messages) {
    if (message.role !== 'tool' || !TASK_TOOL_NAMES.includes(message.toolName)) continue;
    if (typeof message.content !== 'string') continue;
    const listed = parseTasks(message.content);
    if (!listed) continue;
    tasks = listed;
    for (const task of listed) highest = Math.max(highest, task.id);
  }
  return { tasks, nextId: highest + 1 };
}
