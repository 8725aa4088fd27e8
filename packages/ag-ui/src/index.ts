/**
 * @kodama/ag-ui: kodama Runs as AG-UI event streams, and an HTTP endpoint
 * AG-UI clients (CopilotKit and others) can drive a kodama agent through.
 */
export { type AgUiHandlerOptions, type AgUiRunnable, agUiHandler } from './ag-ui-handler.ts';
export { AgUiMapper, type AgUiMapperOptions, toAgUi } from './ag-ui-mapper.ts';
export { type ClientToolSet, clientTools, contextSection } from './client-tools.ts';
export { historyFromAgUi, type SplitMessages } from './messages.ts';
