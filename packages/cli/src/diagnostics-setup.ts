// Diagnostics after an edit: with `"diagnostics": {"command": "…"}` in the
// configuration (the user's, or a trusted project's: the trust question
// lists the command, since it runs in the project), every tool that writes a
// file has what the command says about the files it wrote added to its
// result, for the model to fix. The workspace package does the checking
// (`@kodama/workspace/diagnostics`); it loads only when configured.
import type { AnyTool } from '@kodama/core';
import type { KodamaConfig } from './config.ts';

/**
 * The wrapper that adds diagnostics to the file-writing tools, or undefined
 * when none is configured; the checker closes through `onClose`.
 */
export async function diagnosticsWrapper(
  config: KodamaConfig,
  root: string,
  onClose: (close: () => Promise<void>) => void,
): Promise<((tool: AnyTool) => AnyTool) | undefined> {
  const command = config.diagnostics?.command;
  if (command === undefined) return undefined;
  const { CheckCommandDiagnostics, withDiagnostics } = await import('@kodama/workspace/diagnostics');
  const source = new CheckCommandDiagnostics({ command, root });
  onClose(() => source.close());
  return (tool) => withDiagnostics(tool, source, root);
}
