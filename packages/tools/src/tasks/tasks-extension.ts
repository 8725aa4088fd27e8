import { defineEvent, type Extension, type ExtensionContext } from '@kodama/core';
import { type Configurator, defineExtensionKey, type ExtensionKey } from '@kodama/core/extensions';
import type { HistoryMessage } from '@kodama/core/history';
import type { Task } from './task.ts';
import { TaskList } from './task-list.ts';
import { taskTools } from './task-tools.ts';
import { tasksFromHistory } from './tasks-from-history.ts';
import { TASKS_USAGE } from './tasks-prompt.ts';

/** The data of a `tasks.changed` domain event. */
export interface TasksChanged {
  readonly tasks: readonly Task[];
}

/**
 * The `domain` event emitted with `{ tasks }` whenever the list changes (also
 * on a clear and a load); match it with `isEvent(event, TASKS_CHANGED)`.
 */
export const TASKS_CHANGED = defineEvent<TasksChanged>('tasks.changed');

/**
 * A task list for one agent: the four task tools, the `<tasks_usage>`
 * prompt section, and a `tasks.changed` domain event with the whole list
 * after every change, so a terminal can draw it.
 *
 * The list is per agent and in memory, derived from the conversation: every
 * mutation answers with the whole list, so a loaded history (export/load, a
 * continued session) rebuilds it, and clearing the conversation empties it.
 * Sub-agents get none (extensions are not inherited). Add one instance to one agent.
 */
export class TasksExtension implements Extension {
  /** Finds the extension on an agent: `findExtension(agent.extensions, TasksExtension.key)`. */
  static readonly key: ExtensionKey<TasksExtension> = defineExtensionKey('tasks');
  readonly name: string = TasksExtension.key;
  readonly #list = new TaskList();
  #context: ExtensionContext | undefined;

  /** The current list. */
  get tasks(): readonly Task[] {
    return this.#list.tasks;
  }

  /** Adds task_create, task_in_progress, task_completed and task_delete. */
  configure(c: Configurator): void {
    for (const tool of taskTools(this.#list, () => this.#changed())) c.addTool(tool);
  }

  /** Keeps the context the change events go through. */
  bind(context: ExtensionContext): void {
    this.#context = context;
  }

  /** A cleared conversation has no tasks; ids start again from 1. */
  onConversationReset(): void {
    this.#list.reset();
    this.#changed();
  }

  /** Rebuilds the list, and the next id, from the loaded conversation's task answers. */
  onHistoryLoaded(_context: ExtensionContext, messages: readonly HistoryMessage[]): void {
    const { tasks, nextId } = tasksFromHistory(messages);
    this.#list.restore(tasks, nextId);
    this.#changed();
  }

  /** The `<tasks_usage>` section. */
  systemPromptSnippets(): readonly string[] {
    return [TASKS_USAGE];
  }

  #changed(): void {
    const data: TasksChanged = { tasks: this.#list.tasks };
    this.#context?.emit(TASKS_CHANGED, data);
  }
}
