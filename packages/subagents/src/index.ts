/**
 * @kodama/subagents: personas and the `agent` tool that starts them, the
 * bundled researcher, file_miner and reviewer and the librarian (offered
 * where a document index exists), each given the host's tool names, and
 * persona files.
 */
export { type AgentToolHost, agentTool } from './agent-tool.ts';
export { availableAgentsBlock } from './available-agents.ts';
export {
  BACKGROUND_AGENTS_KEPT,
  type BackgroundAgentInfo,
  type BackgroundAgentRun,
  type BackgroundAgentStatus,
  BackgroundAgents,
} from './background-agents.ts';
export {
  type BundledPersonaTools,
  bundledPersonas,
  fileMinerPersona,
  librarianPersona,
  researcherPersona,
  reviewerPersona,
} from './bundled.ts';
export { definePersona, PERSONA_NAME_PATTERN, type Persona, PersonaError } from './persona.ts';
export { loadPersonaFile, PersonaFileError, type PersonaSpec } from './persona-file.ts';
export { runSubAgent, type SubAgentSpec } from './spawn.ts';
export {
  DEFAULT_MAX_BACKGROUND_AGENTS,
  type SubAgentsExtension,
  type SubAgentsOptions,
  subAgents,
} from './sub-agents.ts';
export { AGENT_TOOL } from './tool-name.ts';
