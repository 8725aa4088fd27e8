// The configuration's background limits: validated like the other keys, each
// limit merges on its own, an untrusted project's file may only lower them
// (below the user's value, else the default), and the defaults are the
// packages' own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_MAX_BACKGROUND_AGENTS } from '@kodama/subagents';
import { BACKGROUND_MAX_RUNNING } from '@kodama/workspace';
import { assistantConfig, BACKGROUND_DEFAULTS, backgroundLimits, validateConfig } from '../src/config.ts';

const read = (project: unknown, user: unknown = {}) => ({
  user: { path: '/u/config.json', config: validateConfig('/u/config.json', user) },
  project: { path: '/p/.kodama/config.json', config: validateConfig('/p/.kodama/config.json', project) },
});
const limits = (project: unknown, user: unknown, trusted: boolean) =>
  backgroundLimits(assistantConfig(read(project, user), { trusted }).config);

test("the defaults are the packages' own", () => {
  assert.deepEqual(BACKGROUND_DEFAULTS, {
    maxCommands: BACKGROUND_MAX_RUNNING,
    maxAgents: DEFAULT_MAX_BACKGROUND_AGENTS,
  });
  assert.deepEqual(backgroundLimits({}), BACKGROUND_DEFAULTS);
});

test('"background" is checked: its keys, and whole numbers of 0 or more', () => {
  assert.deepEqual(validateConfig('/u/c.json', { background: { maxCommands: 0, maxAgents: 5 } }).background, {
    maxCommands: 0,
    maxAgents: 5,
  });
  for (const [bad, message] of [
    [3, /"background" must be an object like \{"maxCommands": 8, "maxAgents": 3\}/],
    [[1], /"background" must be an object/],
    [{ maxBash: 1 }, /unknown key "background.maxBash"; use maxCommands or maxAgents/],
    [{ maxCommands: -1 }, /"background.maxCommands" must be a whole number, 0 or more/],
    [{ maxAgents: 1.5 }, /"background.maxAgents" must be a whole number/],
    [{ maxAgents: '2' }, /"background.maxAgents" must be a whole number/],
  ] as const)
    assert.throws(() => validateConfig('/u/c.json', { background: bad }), message);
});

test("an untrusted project may only lower a limit: below the user's, else below the default", () => {
  // Lower than the default: applies; higher: dropped, the default stays.
  assert.deepEqual(limits({ background: { maxCommands: 2, maxAgents: 50 } }, {}, false), {
    maxCommands: 2,
    maxAgents: 3,
  });
  // Against the user's own limits: what the user lowered stays low.
  assert.deepEqual(
    limits(
      { background: { maxCommands: 4, maxAgents: 1 } },
      { background: { maxCommands: 2, maxAgents: 6 } },
      false,
    ),
    { maxCommands: 2, maxAgents: 1 },
  );
  // A project's one key leaves the user's other key as it is.
  assert.deepEqual(limits({ background: { maxAgents: 1 } }, { background: { maxCommands: 1 } }, false), {
    maxCommands: 1,
    maxAgents: 1,
  });
});

test('a trusted project sets them, key by key over the user', () => {
  assert.deepEqual(
    limits({ background: { maxAgents: 10 } }, { background: { maxCommands: 1, maxAgents: 2 } }, true),
    { maxCommands: 1, maxAgents: 10 },
  );
});
