/** @kodama/core/extensions: writing an extension — the view it gets, typed keys to find it, wrapping its tools. */
export type { AgentView } from '../extensions/agent-view.ts';
export { Configurator } from '../extensions/configurator.ts';
export type { ExtensionToolCall, TrifectaContribution } from '../extensions/extension.ts';
export { defineExtensionKey, type ExtensionKey, findExtension } from '../extensions/extension-key.ts';
export { wrapExtensionTools } from '../extensions/wrap-extension-tools.ts';
