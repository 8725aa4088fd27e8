import { ToolError } from '@kodama/core';
import type { Task, TaskStatus } from './task.ts';

/**
 * One agent's task list, in memory. Mutations are atomic: a bad request
 * throws `ToolError` (the model reads `Error: ...`) and changes nothing.
 * Ids count up from 1 and are never reused, not even after a delete.
 */
export class TaskList {
  #tasks: Task[] = [];
  #nextId = 1;

  /** The tasks, in creation order. */
  get tasks(): readonly Task[] {
    return this.#tasks;
  }

  /** The id the next created task gets. */
  get nextId(): number {
    return this.#nextId;
  }

  /**
   * Appends one pending task per item, all or none: a blank item, one with a
   * line break, one given twice, or one already open on the list (pending or
   * in progress) adds nothing, and the error names it.
   */
  create(items: readonly string[]): Task[] {
    if (items.length === 0) throw new ToolError('items is empty; give at least one task');
    const texts = items.map((item) => item.trim());
    const open = new Map(this.#tasks.filter((t) => t.status !== 'completed').map((t) => [t.text, t.id]));
    texts.forEach((text, i) => {
      const which = `item ${i + 1}`;
      if (text === '') throw new ToolError(`${which} is blank; nothing was added`);
      if (/[\r\n]/.test(text))
        throw new ToolError(`${which} spans several lines; give each task one line; nothing was added`);
      if (texts.indexOf(text) !== i) throw new ToolError(`"${text}" is given twice; nothing was added`);
      const existing = open.get(text);
      if (existing !== undefined)
        throw new ToolError(`"${text}" is already on the list as #${existing}; nothing was added`);
    });
    const created = texts.map((text) => ({ id: this.#nextId++, text, status: 'pending' as const }));
    this.#tasks = [...this.#tasks, ...created];
    return created;
  }

  /** Sets a task's status. */
  setStatus(id: number, status: TaskStatus): void {
    const task = this.#find(id);
    this.#tasks = this.#tasks.map((t) => (t === task ? { ...t, status } : t));
  }

  /** Removes a task; its id is not given out again. */
  delete(id: number): void {
    const task = this.#find(id);
    this.#tasks = this.#tasks.filter((t) => t !== task);
  }

  /** Empties the list and starts ids from 1 (a new conversation). */
  reset(): void {
    this.restore([], 1);
  }

  /** Replaces the list (a loaded conversation's), with the id the next task gets. */
  restore(tasks: readonly Task[], nextId: number): void {
    this.#tasks = [...tasks];
    this.#nextId = Math.max(nextId, ...tasks.map((t) => t.id + 1));
  }

  #find(id: number): Task {
    const task = this.#tasks.find((t) => t.id === id);
    if (task) return task;
    const ids = this.#tasks.map((t) => `#${t.id}`).join(', ');
    throw new ToolError(`no task #${id}; ${ids === '' ? 'the list is empty' : `the list has ${ids}`}`);
  }
}
