import { History } from '../history/history.ts';
import { KeyedLock } from '../session/keyed-lock.ts';
import { SessionCheckpoint } from '../session/session-checkpoint.ts';
import type { SessionStore } from '../session/session-store.ts';
import type { RunOutcome } from './execute-run.ts';
import type { RunConversation } from './run-body.ts';
import type { RunUsage } from './run-usage.ts';

// Runs on one session wait for each other, per store (a store is one place on disk or in a database).
const locks = new WeakMap<SessionStore, KeyedLock>();

/** A session a Run holds open: its checkpoint, and `finish` to record the Run and let the next one in. */
export interface OpenSession {
  /** Persists the agent's conversation as it is now (what is new since the last save). */
  readonly save: () => Promise<void>;
  /** Records the Run in the store and releases the session; never throws (the Run's outcome stands). */
  finish(record: {
    runId: string;
    outcome: RunOutcome;
    startedAt: number;
    endedAt: number;
    usage: RunUsage;
    error: unknown;
  }): Promise<void>;
}

/**
 * Waits for the session to be free, loads it into the agent (its interrupted
 * tool calls answered; an unknown id starts an empty conversation) and
 * returns its checkpoint.
 */
export async function openSession(
  agent: RunConversation,
  session: { readonly id: string; readonly store: SessionStore },
): Promise<OpenSession> {
  const { id, store } = session;
  let lock = locks.get(store);
  if (!lock) {
    lock = new KeyedLock();
    locks.set(store, lock);
  }
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let acquired!: () => void;
  const ready = new Promise<void>((resolve) => {
    acquired = resolve;
  });
  void lock.run(id, () => {
    acquired();
    return held;
  });
  await ready;
  try {
    const stored = await store.load(id);
    agent.loadHistory(new History(stored?.messages ?? []));
    const checkpoint = new SessionCheckpoint(store, id, stored?.messages);
    const meta = () => ({ model: `${agent.model.provider}:${agent.model.modelId}` });
    return {
      save: () => checkpoint.save(agent.exportHistory().messages, meta()),
      finish: async ({ runId, outcome, startedAt, endedAt, usage, error }) => {
        try {
          const failure = outcome === 'completed' ? {} : { error: errorMessage(error) };
          await store.recordRun({ runId, sessionId: id, outcome, startedAt, endedAt, usage, ...failure });
        } catch {
          // The Run already ended one way; a listing that misses it is the lesser loss.
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
