import type { RunRecord, SessionInfo, SessionStore, StoredSession } from '@kodama/core/session';
import type { TrifectaNodeReport, TrifectaReport } from '@kodama/core/trifecta';

/** A session as the page lists it: the store's info plus its Runs, newest first. */
export interface SessionSummary extends SessionInfo {
  readonly runs: readonly RunRecord[];
}

/** Every session with its Runs, most recent activity first. */
export async function listSessions(store: SessionStore): Promise<SessionSummary[]> {
  const infos = await store.list();
  return Promise.all(
    infos.map(async (info) => ({
      ...info,
      runs: (await store.listRuns(info.id)).sort((a, b) => b.startedAt - a.startedAt),
    })),
  );
}

/** One session: its info, messages and Runs; `undefined` when there is none. */
export async function sessionDetail(
  store: SessionStore,
  id: string,
): Promise<(StoredSession & { runs: readonly RunRecord[] }) | undefined> {
  const stored = await store.load(id);
  if (!stored) return undefined;
  return { ...stored, runs: await store.listRuns(id) };
}

/** A trifecta report as plain JSON the page draws: nodes with legs, verdicts and tools, the worst path. */
export function trifectaJson(report: TrifectaReport): unknown {
  const node = (n: TrifectaNodeReport): unknown => ({
    label: n.label,
    path: n.path,
    channelEgress: n.node.channelEgress ?? null,
    legs: n.legs,
    verdict: n.verdict,
    tools: n.node.toolLegs,
    children: n.children.map(node),
  });
  return { verdict: report.verdict, worstPath: report.worstPath, root: node(report.root) };
}
