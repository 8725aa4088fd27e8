import { stripControlSequences } from '@kodama/core/listeners';
import type { SessionStore } from '@kodama/core/session';
import type { AssistantApp } from './assistant-app.ts';

/** `kodama --resume` without an id: the 50 most recent sessions in a list; the one picked is resumed. */
export async function pickSession(app: AssistantApp, store: SessionStore): Promise<void> {
  const sessions = await store.list();
  if (sessions.length === 0) return app.transcript.notice('no stored sessions to resume; this is a new one');
  const id = await app.modal.pick(
    'resume which session?',
    sessions.slice(0, 50).map((s) => ({
      value: s.id,
      label: `${new Date(s.updatedAt).toISOString().slice(0, 16).replace('T', ' ')}  ${s.title === undefined ? '(untitled)' : stripControlSequences(s.title)}`,
      description: `${s.messageCount} msgs · ${s.id}`,
    })),
  );
  if (id) await app.resume(id);
  else app.transcript.notice(`no session picked; new session ${app.sessionId}`);
  app.tui.requestRender();
}
