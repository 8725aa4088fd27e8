/** The system-prompt section of the task tools: when to plan and how to keep the list. */
export const TASKS_USAGE = `<tasks_usage>
For work of three or more steps, plan first: add one task per step with task_create, then work through the list.
- Keep exactly one task in progress: mark it with task_in_progress before you start on it.
- Mark a task completed with task_completed only after you have checked that it is done (ran it, read the result).
- Delete tasks that turn out to be unnecessary and add the ones you discover.
Skip the list for requests of one or two steps.
</tasks_usage>`;
