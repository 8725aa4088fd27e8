// An extension whose later tool additions go through tool search: the
// extension is itself in every way (its name, hooks, methods such as an MCP
// extension's `connect`, `instanceof`), except that the context its hooks
// receive adds and removes tools through `route`, so the tools it adds
// mid-conversation (an MCP server connected by the model) can be deferred.
import type { AnyTool, Extension, ExtensionContext } from '@kodama/core';

/** Where an included extension's tool changes go. */
export interface ToolRoute {
  add(tool: AnyTool, context: ExtensionContext): void;
  remove(name: string, context: ExtensionContext): boolean;
}

/** The hooks whose first argument is the extension's context. */
const CONTEXT_HOOKS: ReadonlySet<PropertyKey> = new Set([
  'bind',
  'onUserMessage',
  'onConversationReset',
  'onHistoryLoaded',
  'onToolCall',
]);

/** `extension`, its context's addTool/removeTool going through `route`. */
export function includeExtension<E extends Extension>(extension: E, route: ToolRoute): E {
  const contexts = new WeakMap<ExtensionContext, ExtensionContext>();
  const wrap = (context: ExtensionContext): ExtensionContext => {
    let wrapped = contexts.get(context);
    if (!wrapped) {
      wrapped = {
        ...context,
        addTool: (tool: AnyTool) => route.add(tool, context),
        removeTool: (name: string) => route.remove(name, context),
      };
      contexts.set(context, wrapped);
    }
    return wrapped;
  };
  return new Proxy(extension, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (CONTEXT_HOOKS.has(prop))
        return (context: ExtensionContext, ...rest: unknown[]) => fn.call(target, wrap(context), ...rest);
      // Called on the original: private fields (`#context`) live there.
      return fn.bind(target);
    },
  });
}
