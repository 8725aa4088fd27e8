import { type AnyTool, defineTool, NONE, params } from '@kodama/core';
import { renderTasks } from './render-tasks.ts';
import type { TaskStatus } from './task.ts';
import type { TaskList } from './task-list.ts';

/** The four task tools' names, in the order they are added. */
export const TASK_TOOL_NAMES: readonly string[] = Object.freeze([
  'task_create',
  'task_in_progress',
  'task_completed',
  'task_delete',
]);

const ID = 'The task\'s number, e.g. 3 for "#3"';

/**
 * task_create, task_in_progress, task_completed and task_delete over one
 * list. The status lives in the tool name, so there is no status value to
 * mistype. Every successful call answers with the whole list
 * ({@link renderTasks}) and then calls `changed`. No I/O: trifecta legs NONE.
 * Sequential, so a batch applies its calls in model order.
 */
export function taskTools(list: TaskList, changed: () => void): AnyTool[] {
  const answer = () => {
    changed();
    return renderTasks(list.tasks);
  };
  const status = (name: string, to: TaskStatus, description: string) =>
    defineTool({
      name,
      description,
      parameters: params().requiredInteger('id', ID),
      trifectaLegs: NONE,
      sequential: true,
      execute: ({ id }) => {
        list.setStatus(id, to);
        return answer();
      },
    });
  return [
    defineTool({
      name: 'task_create',
      description: `Adds tasks to your task list, each pending, and answers with the whole list.
Usage:
- One short line per step; all items are added, or none when one is blank, repeated or already open.`,
      parameters: params().requiredStringArray('items', 'The new tasks, one line each, in order'),
      trifectaLegs: NONE,
      sequential: true,
      execute: ({ items }) => {
        list.create(items);
        return answer();
      },
    }),
    status(
      'task_in_progress',
      'in_progress',
      'Marks a task as the one you are working on now; answers with the whole list.',
    ),
    status(
      'task_completed',
      'completed',
      'Marks a task done, once you have checked that it is; answers with the whole list.',
    ),
    defineTool({
      name: 'task_delete',
      description: 'Removes a task that is no longer needed; answers with the whole list.',
      parameters: params().requiredInteger('id', ID),
      trifectaLegs: NONE,
      sequential: true,
      execute: ({ id }) => {
        list.delete(id);
        return answer();
      },
    }),
  ];
}
