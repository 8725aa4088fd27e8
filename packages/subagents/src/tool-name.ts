/**
 * The name of the `agent` tool that starts a sub-agent, on its own (no
 * module of the package loaded): hosts whose command line names the tool
 * (`--tools agent`) read it from here (`@kodama/subagents/tool-name`).
 */
export const AGENT_TOOL = 'agent';
