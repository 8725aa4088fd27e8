import type { Extension } from './extension.ts';

declare const EXTENSION: unique symbol;

/**
 * The name of an extension with its type: what the producing package exports
 * (`SkillsExtension.key`) so that a host finds the extension on an agent and
 * uses it typed, instead of `e.name === 'skills'` plus a cast re-declaring
 * its shape. At run time it is the extension's `name` itself; the type exists
 * only for the compiler (as {@link EventKey} for domain events).
 */
export type ExtensionKey<T extends Extension> = string & { readonly [EXTENSION]?: T };

/**
 * Declares the key of an extension type; the extension's `name` must be the
 * key, which is how {@link findExtension} recognises it. As a static of the
 * class (the annotations break the type's reference to itself):
 * `static readonly key: ExtensionKey<SkillsExtension> = defineExtensionKey('skills');`
 * `readonly name: string = SkillsExtension.key;`
 *
 * @throws TypeError for an empty name
 */
export function defineExtensionKey<T extends Extension>(name: string): ExtensionKey<T> {
  if (name.trim() === '') throw new TypeError('defineExtensionKey: an extension key needs a name');
  return name as ExtensionKey<T>;
}

/**
 * The first of `extensions` (an agent's `extensions`) that `key` names, typed
 * as the key's extension; `undefined` when the agent has none.
 *
 * Contract: the key's producer promises that an extension carrying its name is
 * a `T`; a host must not give another extension that name.
 */
export function findExtension<T extends Extension>(
  extensions: readonly Extension[],
  key: ExtensionKey<T>,
): T | undefined {
  return extensions.find((e) => e.name === key) as T | undefined;
}
