/**
 * @kodama/mcp: MCP servers for kodama agents, over the official SDK. The
 * client side: a registry read from `.mcp.json` / `~/.kodama/mcp.json`, the
 * `McpExtension` (lazy `mcp_connect`, `<id>__<tool>` tools, restart on crash,
 * `list_changed`), and prompt-injection screening of every server's surface
 * (a Unicode pass and an LLM pass, passes cached on disk). The server side:
 * kodama's tools served over stdio or Streamable HTTP.
 */
export { ALLOWED_ENV, serverEnvironment } from './client/allowed-env.ts';
export { McpConnectionError } from './client/mcp-connection-error.ts';
export { type ProcessGroupParams, ProcessGroupTransport } from './client/process-group-transport.ts';
export {
  type CallProgress,
  type ConnectionHooks,
  type ConnectionOptions,
  McpServerConnection,
} from './client/server-connection.ts';
export { expandVars, varInUrlHost } from './config/expand-vars.ts';
export {
  homeMcpFile,
  loadMcpConfig,
  type McpConfigPlaces,
  projectMcpFile,
  readMcpFile,
} from './config/load-config.ts';
export { McpConfigError } from './config/mcp-config-error.ts';
export { type ParseEntryOptions, parseEntry } from './config/parse-entry.ts';
export { McpRegistry } from './config/registry.ts';
export {
  type HttpServerEntry,
  type McpServerEntry,
  SERVER_ID_PATTERN,
  type StdioServerEntry,
} from './config/server-entry.ts';
export { type AvailableMcp, availableMcpsBlock } from './extension/available-mcps.ts';
export { MCP_CONNECT_TOOL } from './extension/connect-tool.ts';
export {
  MCP_CONNECT_FAILED,
  MCP_CONNECTED,
  MCP_PROGRESS,
  MCP_REFUSED,
  type McpConnected,
  type McpConnectFailed,
  type McpProgress,
  type McpRefused,
} from './extension/mcp-events.ts';
export { type McpConnectResult, McpExtension, type McpExtensionOptions } from './extension/mcp-extension.ts';
export { assumedLegsNotice, CONNECT_TOOL_LEGS, serverLegs } from './extension/server-legs.ts';
export { InjectionDetectedError } from './screening/injection-detected-error.ts';
export { llmPass, SCREENING_PROMPT } from './screening/llm-pass.ts';
export { defaultScreenCacheDir, ScreenCache, type ScreenRecord } from './screening/screen-cache.ts';
export { Screener, type ScreenerOptions, type ScreenResult } from './screening/screener.ts';
export {
  type ServerSurface,
  type SurfaceField,
  type SurfaceTool,
  surfaceFields,
  surfaceHash,
} from './screening/surface.ts';
export { findHiddenCharacter, unicodePass } from './screening/unicode-pass.ts';
export {
  type ConfirmQuestion,
  type ElicitConfirm,
  refuseRemote,
  remotePolicy,
} from './server/elicit-confirm.ts';
export { ResourceRefused, type ResourceSource } from './server/resources.ts';
export { type HttpEndpoint, type HttpServeOptions, serveHttp } from './server/serve-http.ts';
export { createToolServer, type ToolServerOptions, type ToolsForSession } from './server/tool-server.ts';
export { mcpTool, prefixedToolName, TOOL_PREFIX_SEPARATOR } from './tools/mcp-tool.ts';
export { resultContent } from './tools/result-content.ts';
