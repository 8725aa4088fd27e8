import type { DiagnosticsSource } from '@kodama/workspace/diagnostics';
import type { DiagnosticsConfig } from './config.ts';

/**
 * What checks the files the agent edits, per the configuration's
 * `diagnostics`: `false` none; `{ "command": "…" }` that check command;
 * `{ "languageServer": ["…", "--stdio"] }` that language server; absent,
 * typescript-language-server in a TypeScript project when it is installed
 * (the project's, else kodama's). Only in a trusted project: each of them
 * runs the project's own code (its TypeScript and tsconfig plugins, its
 * `node_modules/.bin`), so an untrusted folder gets none, whatever the
 * user's file says. Started on the first edit, not here.
 */
export async function planDiagnostics(
  config: DiagnosticsConfig | false | undefined,
  root: string,
  trusted: boolean,
): Promise<DiagnosticsSource | undefined> {
  if (!trusted || config === false) return undefined;
  const { CheckCommandDiagnostics, LanguageServerDiagnostics, typescriptLanguageServer } = await import(
    '@kodama/workspace/diagnostics'
  );
  if (config?.command !== undefined) return new CheckCommandDiagnostics({ command: config.command, root });
  if (config?.languageServer !== undefined)
    return new LanguageServerDiagnostics({ command: config.languageServer, root });
  const found = typescriptLanguageServer(root);
  return found ? new LanguageServerDiagnostics(found) : undefined;
}
