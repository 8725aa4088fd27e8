// `@kodama/workspace/diagnostics`: what checks files after the agent changed
// them (a language server kept for the session, or a check command) and the
// wrapper that tells the model. Its own entry, so vscode-jsonrpc loads only
// where diagnostics are used.
export { CheckCommandDiagnostics, type CheckCommandOptions } from './check-command.ts';
export {
  type CheckedFile,
  type CheckResult,
  type Diagnostic,
  type DiagnosticsSource,
  formatDiagnostics,
  MAX_DIAGNOSTICS,
} from './diagnostic.ts';
export { typescriptLanguageServer } from './find-typescript.ts';
export { LanguageServerDiagnostics, type LanguageServerOptions } from './language-server.ts';
export { withDiagnostics } from './with-diagnostics.ts';
