// Every agent option is checked at construction, with a message naming it and what it accepts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { Agent, type AgentOptions, InvalidOptionError } from '../../src/index.ts';

const model = new ScriptedModel([]);

function rejects(options: Partial<AgentOptions> & Record<string, unknown>, pattern: RegExp): void {
  assert.throws(
    () => new Agent({ model, systemPrompt: 'x', ...options } as AgentOptions),
    (e: unknown) => InvalidOptionError.isInstance(e) && pattern.test(e.message),
  );
}

describe('agent options', () => {
  test('maxResultTokens must be a positive integer', () => {
    rejects(
      { maxResultTokens: 0 },
      /^AgentOptions\.maxResultTokens must be a positive integer \(1 or more\), got 0$/,
    );
    rejects({ maxResultTokens: -5 }, /maxResultTokens.*got -5/);
    rejects({ maxResultTokens: 1.5 }, /maxResultTokens.*got 1\.5/);
    rejects({ maxResultTokens: '100' as unknown as number }, /maxResultTokens.*got "100"/);
    assert.ok(new Agent({ model, systemPrompt: 'x', maxResultTokens: 1 }));
  });

  test('each option names itself and what it accepts', () => {
    rejects({ model: undefined }, /^AgentOptions\.model must be a Model/);
    rejects({ model: {} as never }, /^AgentOptions\.model must be a Model/);
    rejects({ systemPrompt: 42 as never }, /^AgentOptions\.systemPrompt must be a string, got 42$/);
    rejects(
      { toolFailures: 'ignore' as never },
      /^AgentOptions\.toolFailures must be 'raise' or 'observe', got "ignore"$/,
    );
    rejects({ streaming: 'yes' as never }, /^AgentOptions\.streaming must be a boolean/);
    rejects({ stepLimit: 5 as never }, /^AgentOptions\.stepLimit must be a StepLimit, got 5$/);
    rejects({ cancellable: {} as never }, /^AgentOptions\.cancellable must be a Cancellable, got an object$/);
    rejects({ interloper: [] as never }, /^AgentOptions\.interloper must be an Interloper, got an array$/);
    rejects({ id: 7 as never }, /^AgentOptions\.id must be a string/);
    rejects({ stepRunner: { model: () => {} } as never }, /^AgentOptions\.stepRunner must be a StepRunner/);
    rejects({ ids: {} as never }, /^AgentOptions\.ids must be an IdSource/);
    rejects({ clock: { now: 1 } as never }, /^AgentOptions\.clock must be a Clock/);
    rejects({ acceptTruncated: 1 as never }, /^AgentOptions\.acceptTruncated must be a boolean/);
    rejects({ configure: {} as never }, /^AgentOptions\.configure must be a function/);
  });

  test('a bad option fails before configure runs (nothing is armed)', () => {
    let configured = false;
    rejects(
      {
        maxResultTokens: 0,
        configure: () => {
          configured = true;
        },
      },
      /maxResultTokens/,
    );
    assert.equal(configured, false);
  });
});
