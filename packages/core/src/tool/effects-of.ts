import type { Tool } from './tool.ts';
import type { ToolEffect, ToolEffectKind } from './tool-effects.ts';

/**
 * The effects one call of `tool` has, from its validated arguments (see
 * `Tool.effects`); `[]` for a tool that declares none. A throw of the
 * tool's `of` is passed on: the caller fails the call.
 */
export function effectsOf<Args>(tool: Pick<Tool<Args>, 'effects'>, args: Args): readonly ToolEffect[] {
  return tool.effects?.of(args) ?? [];
}

/** True when `tool` declares that some call of it may have an effect of `kind`. */
export function mayHaveEffect(
  tool: { readonly effects?: { readonly kinds: readonly ToolEffectKind[] } },
  kind: ToolEffectKind,
): boolean {
  return tool.effects?.kinds.includes(kind) ?? false;
}

/** The first effect of `kind` in `effects`, typed; `undefined` when there is none. */
export function effectOfKind<K extends ToolEffectKind>(
  effects: readonly ToolEffect[],
  kind: K,
): Extract<ToolEffect, { kind: K }> | undefined {
  return effects.find((e): e is Extract<ToolEffect, { kind: K }> => e.kind === kind);
}

/**
 * The effects a call would have, judged from its unvalidated input (parsed
 * JSON) before it runs: validated as the tool will, then {@link effectsOf};
 * `[]` when the input does not validate or the tool's `of` throws (the call
 * itself will fail and say why).
 */
export function declaredEffects(
  tool: Pick<Tool<unknown>, 'effects' | 'parameters'>,
  input: unknown,
): readonly ToolEffect[] {
  if (tool.effects === undefined) return [];
  try {
    const checked = tool.parameters.validate(input ?? {});
    return checked.ok ? effectsOf(tool, checked.value) : [];
  } catch {
    return [];
  }
}
