// A host's policy for every tool an extension adds, whenever it adds it: at
// configure (a skill tool, the `agent` tool) or later through its context (an
// MCP server connected mid-conversation). The host wraps the extension once
// instead of each extension taking a wrapper option of its own.
import type { AnyTool } from '../tool/define-tool.ts';
import type { Configurator } from './configurator.ts';
import type { Extension, ExtensionContext } from './extension.ts';

/** The hooks whose first argument is the extension's context. */
const CONTEXT_HOOKS: ReadonlySet<PropertyKey> = new Set([
  'bind',
  'onUserMessage',
  'onConversationReset',
  'onHistoryLoaded',
]);

/** Calls `fn` on `target`; a result that is `target` itself (a chained call) becomes `self`. */
function forward(target: object, fn: (...args: unknown[]) => unknown, self: object) {
  return (...args: unknown[]) => {
    const result = fn.apply(target, args);
    return result === target ? self : result;
  };
}

/**
 * The extension as it is, except that every tool it adds passes through
 * `wrap` first: the tools of `configure` (also `addSubAgentTool`, and those
 * of extensions it adds in turn) and those added later with
 * `ExtensionContext.addTool`. Everything else the extension exposes (its
 * name, hooks, and its own methods and fields, such as an MCP extension's
 * `connect`) is the original's, called on the original; `instanceof` still
 * holds. `wrap` must keep the tool's name (removal goes by name); build
 * it with `wrapTool`. A field `wrap` drops is the tool's own still (its
 * legs, `legsOf`, `effects`): only what `wrap` sets replaces a field.
 *
 * @throws TypeError, when a tool is added, if `wrap` renamed it.
 */
export function wrapExtensionTools(extension: Extension, hostWrap: (tool: AnyTool) => AnyTool): Extension {
  const wrap = (tool: AnyTool): AnyTool => {
    const wrapped = hostWrap(tool);
    if (wrapped.name !== tool.name)
      throw new TypeError(
        `wrapExtensionTools: the wrapper renamed ${tool.name} to ${wrapped.name}; keep the name`,
      );
    if (wrapped === tool) return tool;
    // Merged as defined, not read: a getter (the agent tool's legs) stays live.
    const fields = {
      ...Object.getOwnPropertyDescriptors(tool),
      ...Object.getOwnPropertyDescriptors(wrapped),
    };
    return Object.defineProperties({}, fields) as AnyTool;
  };
  const contexts = new WeakMap<ExtensionContext, ExtensionContext>();
  const wrapContext = (context: ExtensionContext): ExtensionContext => {
    let wrapped = contexts.get(context);
    if (!wrapped) {
      wrapped = { ...context, addTool: (tool: AnyTool) => context.addTool(wrap(tool)) };
      contexts.set(context, wrapped);
    }
    return wrapped;
  };
  const wrapConfigurator = (c: Configurator): Configurator => {
    const proxy: Configurator = new Proxy(c, {
      get(target, prop) {
        if (prop === 'addTool' || prop === 'addSubAgentTool')
          return (tool: AnyTool) => {
            target[prop](wrap(tool));
            return proxy;
          };
        if (prop === 'addExtension')
          return (inner: Extension) => {
            target.addExtension(wrapExtensionTools(inner, hostWrap));
            return proxy;
          };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function'
          ? forward(target, value as (...args: unknown[]) => unknown, proxy)
          : value;
      },
    });
    return proxy;
  };
  return new Proxy(extension, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (prop === 'configure') return (c: Configurator) => fn.call(target, wrapConfigurator(c));
      if (CONTEXT_HOOKS.has(prop))
        return (context: ExtensionContext, ...rest: unknown[]) =>
          fn.call(target, wrapContext(context), ...rest);
      return fn.bind(target);
    },
  });
}
