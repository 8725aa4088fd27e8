import type { AnyTool } from '../tool/define-tool.ts';
import type { ArtifactSettings } from './artifact-options.ts';
import { type ArtifactHolder, artifactReadTool } from './artifact-read-tool.ts';

export type { ArtifactHolder } from './artifact-read-tool.ts';

/**
 * An agent's artifact reader, when it keeps artifacts: the holder the turn
 * points at its artifacts, and the `artifact_read` tool reading through it.
 * The agent adds the tool before its configure phase, so extensions see it
 * (code mode offers it to programs as well as to the model).
 */
export function artifactReader(settings: ArtifactSettings | undefined): {
  readonly holder: ArtifactHolder | undefined;
  readonly reader: AnyTool | undefined;
} {
  if (!settings) return { holder: undefined, reader: undefined };
  const holder: ArtifactHolder = { scope: undefined };
  return { holder, reader: artifactReadTool(holder, settings) };
}

/**
 * The configure phase's tools with the reader last.
 * @throws TypeError when a configured tool already takes its name.
 */
export function withReader(
  tools: readonly AnyTool[],
  subAgentTools: readonly AnyTool[],
  reader: AnyTool | undefined,
): readonly AnyTool[] {
  if (!reader) return tools;
  if ([...tools, ...subAgentTools].some((t) => t.name === reader.name))
    throw new TypeError(
      `duplicate tool name "${reader.name}": the agent keeps artifacts, and the artifact reader has that name`,
    );
  return [...tools, reader];
}
