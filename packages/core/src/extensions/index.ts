export type { Configuration, ConfiguratorInit } from './configurator.ts';
export { Configurator } from './configurator.ts';
export type { CloseHandler, Extension, ExtensionContext, TrifectaContribution } from './extension.ts';
