// The configuration's permissionMode: the user's file chooses any mode; a
// project's file, trusted or not, only plan (or default): accept-edits and
// bypass there are dropped, so a cloned repository cannot turn questions off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assistantConfig, validateConfig } from '../src/config.ts';

const read = (project: unknown, user: unknown = {}) => ({
  user: { path: '/u/config.json', config: validateConfig('/u/config.json', user) },
  project: { path: '/p/.kodama/config.json', config: validateConfig('/p/.kodama/config.json', project) },
});

test("a project's permissionMode never widens, trusted or not; the user's applies", () => {
  for (const trusted of [true, false]) {
    for (const mode of ['bypass', 'accept-edits'])
      assert.equal(
        assistantConfig(read({ permissionMode: mode }), { trusted }).config.permissionMode,
        undefined,
      );
    assert.equal(
      assistantConfig(read({ permissionMode: 'plan' }), { trusted }).config.permissionMode,
      'plan',
    );
    assert.equal(
      assistantConfig(read({ permissionMode: 'bypass' }, { permissionMode: 'accept-edits' }), { trusted })
        .config.permissionMode,
      'accept-edits',
    );
  }
  assert.throws(
    () => validateConfig('/u/config.json', { permissionMode: 'yolo' }),
    /"permissionMode" must be one of/,
  );
});
