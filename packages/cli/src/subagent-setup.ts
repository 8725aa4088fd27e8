import type { Model } from '@kodama/core';
import { CORPUS_READ_TOOL, CORPUS_SEARCH_TOOL } from '@kodama/memory/tool-names';
import type { BundledPersonaTools, SubAgentsExtension } from '@kodama/subagents';
import { AGENT_TOOL } from '@kodama/subagents/tool-name';
import { FETCH_TOOL, WEB_SCRAPE_TOOL, WEB_SEARCH_TOOL } from '@kodama/tools/tool-names';
import { WORKSPACE_TOOL_KINDS, workspaceToolsWith } from '@kodama/workspace/tool-kinds';
import { UsageError } from './parse-support.ts';

/** The tool name `--tools` accepts for sub-agents (the subagents package's); it is no registry's tool. */
export const AGENT_TOOL_NAME = AGENT_TOOL;

/**
 * The tools the bundled personas get, named by their owners: the web tools,
 * the workspace tools whose every effect is reading a path (read, grep,
 * glob), and the one that runs commands (bash).
 */
const PERSONA_TOOLS: BundledPersonaTools = {
  web: [WEB_SEARCH_TOOL, WEB_SCRAPE_TOOL, FETCH_TOOL],
  readFiles: workspaceToolsWith('readsPath').filter((name) =>
    WORKSPACE_TOOL_KINDS[name].every((kind) => kind === 'readsPath'),
  ),
  runCommand: workspaceToolsWith('runsCommand'),
};

/** The librarian's tools: the corpus index's search and read. */
const LIBRARIAN_TOOLS = [CORPUS_SEARCH_TOOL, CORPUS_READ_TOOL];

/** What `--tools agent` (and `--agents <file>`) add to the assistant. */
export interface SubAgentPlan {
  /** Tools the personas need that `--tools` did not ask for: built as sub-agent-only tools. */
  readonly hiddenTools: readonly string[];
  /** The sub-agents extension (its `agent` tool, `<available_agents>`, the trifecta children, its background table). */
  readonly extension: SubAgentsExtension;
}

/**
 * The personas `kodama ask --tools agent` offers: the bundled researcher,
 * file_miner and reviewer, then those of `--agents <file>` (a file persona
 * with a bundled name replaces it). Their tools need not be in `--tools`: the
 * missing ones are built as sub-agent-only tools, which the main model never
 * sees. With `librarian` (the root has a corpus index) the librarian comes
 * after the bundled ones. A persona's model target is resolved here.
 *
 * @throws PersonaFileError for a bad file, UsageError for a persona naming a
 *   tool kodama does not have (`known`), ModelTargetError for a bad model target.
 */
export async function planSubAgents(
  requested: readonly string[],
  agentsFile: string | undefined,
  known: readonly string[],
  resolveTarget: (target: string) => Promise<Model>,
  options: {
    readonly librarian?: boolean;
    /** Background sub-agents at once (the configuration's `background.maxAgents`). */
    readonly maxBackground?: number;
  } = {},
): Promise<SubAgentPlan> {
  const { bundledPersonas, librarianPersona, loadPersonaFile, subAgents } = await import('@kodama/subagents');
  const bundled = bundledPersonas(PERSONA_TOOLS);
  const offered = options.librarian ? [...bundled, librarianPersona(LIBRARIAN_TOOLS)] : bundled;
  const byName = new Map(offered.map((p) => [p.name, p]));
  for (const spec of agentsFile === undefined ? [] : await loadPersonaFile(agentsFile)) {
    const { model, ...rest } = spec;
    byName.set(spec.name, model === undefined ? rest : { ...rest, model: await resolveTarget(model) });
  }
  const personas = [...byName.values()];
  for (const persona of personas) {
    const unknown = persona.toolNames.find((t) => !known.includes(t));
    if (unknown !== undefined) {
      const from = agentsFile === undefined ? '' : ` (in ${agentsFile})`;
      throw new UsageError(
        `persona "${persona.name}"${from} names the tool "${unknown}", which kodama does not have. Tools: ${known.join(', ')}`,
        'ask',
      );
    }
  }
  const wanted = new Set(personas.flatMap((p) => p.toolNames));
  const hiddenTools = [...wanted].filter((t) => t !== AGENT_TOOL_NAME && !requested.includes(t));
  const limit = options.maxBackground === undefined ? {} : { maxBackground: options.maxBackground };
  return { hiddenTools, extension: subAgents({ personas, ...limit }) };
}
