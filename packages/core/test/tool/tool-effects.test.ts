// Typed effects and typed failures: a tool declares what a call does (the
// hosts read that, not its name), wrapTool keeps every field, and a returned
// toolFailure reaches the model once as `Error: ...` with the status `error`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { executeToolCall } from '../../src/entries/tool.ts';
import {
  defineTool,
  effectOfKind,
  effectsOf,
  isToolFailure,
  mayHaveEffect,
  params,
  toolFailure,
  wrapTool,
} from '../../src/index.ts';
import { testContext } from './context.ts';

const save = defineTool({
  name: 'save',
  description: 'Saves a note.',
  parameters: params().requiredString('path', 'Where').requiredString('text', 'What'),
  effects: {
    kinds: ['writesFile'],
    of: ({ path, text }) => [{ kind: 'writesFile', path, preview: () => text }],
  },
  execute: ({ path, text }) => (text === '' ? toolFailure(`Error: nothing to save in ${path}`) : 'saved'),
});

const call = (args: object) => ({ id: 'c1', name: 'save', arguments: JSON.stringify(args) });

describe('tool effects', () => {
  it('are declared per call, from the validated arguments', () => {
    const effects = effectsOf(save, { path: 'a.md', text: 'hi' });
    assert.equal(effects.length, 1);
    const write = effectOfKind(effects, 'writesFile');
    assert.equal(write?.path, 'a.md');
    assert.equal(write?.preview(undefined), 'hi');
    assert.equal(effectOfKind(effects, 'runsCommand'), undefined);
    assert.equal(mayHaveEffect(save, 'writesFile'), true);
    assert.equal(mayHaveEffect(save, 'reachesNetwork'), false);
  });

  it('are none for a tool that declares none', () => {
    const plain = defineTool({ name: 'p', description: '', parameters: params(), execute: () => 'ok' });
    assert.deepEqual(effectsOf(plain, {}), []);
    assert.equal(mayHaveEffect(plain, 'writesFile'), false);
  });

  it('are refused when malformed, with what to give instead', () => {
    assert.throws(
      () =>
        defineTool({
          name: 'bad',
          description: '',
          parameters: params(),
          effects: { kinds: 'writesFile', of: () => [] } as never,
          execute: () => 'ok',
        }),
      /effects needs kinds \(an array\) and of/,
    );
  });
});

describe('wrapTool', () => {
  it('keeps every field, also one Tool does not have yet, and passes the inner execute', async () => {
    const withExtra = { ...save, futureField: 42 };
    const wrapped = wrapTool(
      withExtra,
      async (args, context, next) => `wrapped ${await next(args, context)}`,
    );
    assert.equal((wrapped as typeof withExtra).futureField, 42);
    assert.equal(wrapped.effects, save.effects);
    assert.equal(wrapped.trifectaLegs, save.trifectaLegs);
    assert.equal(await wrapped.execute({ path: 'a', text: 'b' }, testContext()), 'wrapped saved');
  });
});

describe('toolFailure', () => {
  it('reaches the model once as `Error: ...` with the status error', async () => {
    const outcome = await executeToolCall(save, call({ path: 'a.md', text: '' }), testContext());
    assert.deepEqual(outcome, { kind: 'error', result: 'Error: nothing to save in a.md' });
  });

  it('is told apart from text by its type, not its prefix', () => {
    assert.equal(isToolFailure(toolFailure('x')), true);
    assert.equal(isToolFailure('Error: x'), false);
    assert.equal(isToolFailure({ message: 'x' }), false);
  });

  it('is an error outcome from a hand-built tool too', async () => {
    const hand = { ...save, execute: () => toolFailure('no') as never };
    assert.deepEqual(await executeToolCall(hand, call({ path: 'a', text: 'b' }), testContext()), {
      kind: 'error',
      result: 'Error: no',
    });
  });
});
