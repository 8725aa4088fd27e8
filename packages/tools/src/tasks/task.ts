/** Where a task stands. The status lives in the tool name: `task_in_progress`, `task_completed`. */
export type TaskStatus = 'pending' | 'in_progress' | 'completed';

/** One item of a task list. */
export interface Task {
  /** Numeric, from 1, never reused within a conversation (not even after a delete). */
  readonly id: number;
  readonly text: string;
  readonly status: TaskStatus;
}

/** Every status, in the order a task goes through them. */
export const TASK_STATUSES: readonly TaskStatus[] = Object.freeze(['pending', 'in_progress', 'completed']);
