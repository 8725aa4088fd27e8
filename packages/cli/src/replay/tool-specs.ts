import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonSchema, ToolSpec } from '@kodama/core/model';
import { toolSpec } from '@kodama/core/tool';
import type { CliIO } from '../cli-io.ts';

/** What a tool kodama cannot describe is told as: any arguments object. */
const ANY_OBJECT: JsonSchema = { type: 'object', additionalProperties: true };

/**
 * What the model is told about `names`: for a replay against a real model
 * (`describe`), the descriptions and schemas of kodama's own tools of those
 * names, so it is asked as the recorded run was; else (the script answers
 * without reading them), and for a name kodama does not build (an MCP tool,
 * a skill), a spec taking any arguments object.
 *
 * Only the specs are kept. The tools are built over an empty scratch
 * directory and closed at once: nothing of them can run during the replay.
 */
export async function offeredToolSpecs(
  names: readonly string[],
  describe: boolean,
  io: CliIO,
): Promise<ToolSpec[]> {
  const generic = (name: string): ToolSpec => ({
    name,
    description: `The ${name} tool of the recorded session.`,
    parameters: ANY_OBJECT,
  });
  if (!describe || names.length === 0) return names.map(generic);
  const { buildTools } = await import('../tool-registry.ts');
  const closers: Array<() => void | Promise<void>> = [];
  const root = await mkdtemp(join(tmpdir(), 'kodama-replay-'));
  try {
    const described = new Map<string, ToolSpec>();
    for (const name of names) {
      try {
        const [tool] = await buildTools([name], {
          config: {},
          root,
          yes: false,
          sandbox: 'none',
          stdin: io.stdin,
          stderr: io.stderr,
          onClose: (close) => closers.push(close),
        });
        if (tool) described.set(name, toolSpec(tool));
      } catch {
        // Not one of kodama's tools (or not buildable here): described as any arguments object.
      }
    }
    return names.map((n) => described.get(n) ?? generic(n));
  } finally {
    for (const close of closers.reverse()) await close();
    await rm(root, { recursive: true, force: true });
  }
}
