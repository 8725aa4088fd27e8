// A wrapped tool keeps a field its tool computes live: the agent tool's legs
// are its sub-agents', known only once they are built, so a wrapper made
// before (the assistant's permission gate) must not freeze them empty.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wrapExtensionTools } from '../../src/extensions/wrap-extension-tools.ts';
import { type AnyTool, defineTool, type Extension, wrapTool } from '../../src/index.ts';

const NONE = { privateData: false, untrusted: 'none', egress: 'none' } as const;
const LOUD = { privateData: true, untrusted: 'hard', egress: 'unreviewed' } as const;

function lateTool(): { tool: AnyTool; built: () => void } {
  let legs: AnyTool['trifectaLegs'] = NONE;
  const base = defineTool({
    name: 'late',
    description: 'd',
    parameters: { type: 'object', properties: {} },
    execute: () => 'ok',
  });
  const tool = Object.defineProperty({ ...base }, 'trifectaLegs', {
    get: () => legs,
    enumerable: true,
  }) as AnyTool;
  return { tool, built: () => (legs = LOUD) };
}

test('wrapTool and wrapExtensionTools read a computed field when it is read, not when wrapping', async () => {
  const { tool, built } = lateTool();
  const wrapped = wrapTool(tool, (args, context, next) => next(args, context));
  const extension: Extension = { name: 'x', configure: (c) => void c.addTool(tool) };
  let viaExtension: AnyTool | undefined;
  const configurator = {
    addTool(t: AnyTool) {
      viaExtension = t;
      return configurator;
    },
  };
  wrapExtensionTools(extension, (t) => wrapTool(t, (a, c, n) => n(a, c))).configure?.(
    configurator as unknown as Parameters<NonNullable<Extension['configure']>>[0],
  );
  built();
  assert.deepEqual(wrapped.trifectaLegs, LOUD);
  assert.deepEqual(viaExtension?.trifectaLegs, LOUD);
  // A frozen tool wraps too (its fields copied as they are, execute replaced).
  const frozen = wrapTool(Object.freeze({ ...tool }), (a, c, n) => n(a, c));
  assert.equal(frozen.name, 'late');
});
