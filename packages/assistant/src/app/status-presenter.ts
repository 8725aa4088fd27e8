import { isEvent, type RunEvent } from '@kodama/core';
import { TASKS_CHANGED } from '@kodama/tools/tasks';
import type { TaskView } from '../render/entries.ts';
import type { StatusLine } from '../render/status-line.ts';
import type { BackgroundControl } from './assistant-options.ts';
import { UsageTotals } from './usage-totals.ts';

/**
 * Keeps the status line current: the session's token and cost totals, the
 * context used, the session id, and the spinner (a frame every 100 ms while
 * something runs).
 */
export class StatusPresenter {
  /** The session's tokens and cost. */
  readonly usage = new UsageTotals();
  #spinner: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly status: StatusLine,
    private readonly requestRender: () => void,
    private readonly now: () => number,
  ) {}

  /** Writes the totals, the session and whether something runs into the status line. */
  refresh(sessionId: string, contextWindow: number | undefined, busy: boolean): void {
    const u = this.usage;
    this.status.update({
      sessionId,
      inputTokens: u.inputTokens,
      outputTokens: u.outputTokens,
      costUsd: u.costUsd,
      contextTokens: u.contextTokens,
      contextWindow: contextWindow ?? this.status.state.contextWindow,
      busySince: busy ? (this.status.state.busySince ?? this.now()) : undefined,
    });
  }

  /** What the main agent's events change here (tokens, its context cap and model) and in the task list. */
  onEvent(event: RunEvent, tasks: { set(tasks: readonly TaskView[]): void }): void {
    if (event.type === 'tokens') this.usage.onTokens(event);
    if (!('agentId' in event) || event.agentId !== '') return;
    if (event.type === 'context-cap') this.status.update({ contextWindow: event.cap });
    else if (event.type === 'model-switched')
      this.status.update({ model: `${event.to.provider}:${event.to.modelId}` });
    else if (isEvent(event, TASKS_CHANGED)) {
      if (Array.isArray(event.data?.tasks)) tasks.set(event.data.tasks);
    } else if (event.type === 'reset') tasks.set([]);
  }

  /** Keeps the count of running background commands on the status line, also while idle. */
  watchBackground(background: BackgroundControl | undefined): void {
    background?.onChange(() => {
      this.status.update({ background: background.running });
      this.requestRender();
    });
  }

  /** Something started: the spinner turns, the elapsed time counts from now. */
  startSpinner(): void {
    this.status.update({ busySince: this.now(), activity: undefined });
    this.#spinner = setInterval(() => this.requestRender(), 100);
  }

  stopSpinner(): void {
    if (this.#spinner) clearInterval(this.#spinner);
    this.#spinner = undefined;
    this.status.update({ busySince: undefined });
  }
}
