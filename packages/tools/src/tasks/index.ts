/**
 * `@kodama/tools/tasks`: a per-agent task list as an extension (the four
 * task tools, a prompt section, a `tasks.changed` event), rebuilt from the
 * conversation on load. Loads nothing but `@kodama/core`.
 */
export { parseTasks, renderTasks } from './render-tasks.ts';
export { TASK_STATUSES, type Task, type TaskStatus } from './task.ts';
export { TaskList } from './task-list.ts';
export { TASK_TOOL_NAMES, taskTools } from './task-tools.ts';
export { TASKS_CHANGED, type TasksChanged, TasksExtension } from './tasks-extension.ts';
export { type RecordedTasks, tasksFromHistory } from './tasks-from-history.ts';
export { TASKS_USAGE } from './tasks-prompt.ts';
