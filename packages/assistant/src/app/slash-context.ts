import type { SlashContext } from '../commands/slash-commands.ts';
import type { AssistantApp } from './assistant-app.ts';
import type { AssistantOptions } from './assistant-options.ts';
import type { UsageTotals } from './usage-totals.ts';

/** What a slash command acts on: the app, its agent and store, the setup it shows, the session's usage. */
export function slashContext(app: AssistantApp, options: AssistantOptions, usage: UsageTotals): SlashContext {
  return {
    app,
    agent: app.agent,
    store: options.store,
    info: options.info ?? {},
    usage,
    say: (text, kind) => app.transcript.notice(text, kind),
    commands: options.commands ?? [],
    ...(options.beforeCompact ? { beforeCompact: options.beforeCompact } : {}),
  };
}
