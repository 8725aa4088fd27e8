import { sanitizeForDisplay } from '@kodama/workspace';

/** A call a durable run waits on, in the fields every pending approval has (`id` is the run id). */
export interface DurableWaiting {
  readonly id: string;
  readonly surface: 'durable';
  readonly asks: string;
  readonly wouldRun: { readonly tool: string; readonly detail: string };
  readonly agent: string;
  readonly worker?: string;
}

/** The calls the durable runs in `database` wait on (the newest 50 runs looked at). */
export async function durableWaiting(database: string): Promise<DurableWaiting[]> {
  const durable = await import('@kodama/durable');
  const runs = await durable.DurableRuns.connect(database);
  try {
    const waiting: DurableWaiting[] = [];
    for (const run of await runs.list(50)) {
      if (run.status !== 'PENDING') continue;
      const pending = await runs.pendingApproval(run.runId);
      if (!pending) continue;
      waiting.push({
        id: run.runId,
        surface: 'durable',
        asks: `call ${pending.toolName} (${pending.toolCallId})`,
        wouldRun: { tool: pending.toolName, detail: pending.arguments },
        agent: run.agent,
        ...(run.executorId ? { worker: run.executorId } : {}),
      });
    }
    return waiting;
  } finally {
    await runs.close();
    await durable.shutdownDurable();
  }
}

/** `waiting` for a person, as `showApproval` shows a local one. */
export function showDurable(waiting: DurableWaiting): string {
  const worker = waiting.worker ? `, worker ${sanitizeForDisplay(waiting.worker).text}` : '';
  return `${waiting.id}  ${sanitizeForDisplay(waiting.asks).text}\n  asked by durable run of ${sanitizeForDisplay(waiting.agent).text}${worker}\n  │ ${sanitizeForDisplay(waiting.wouldRun.detail).text}\n`;
}
