// What the assistant now does itself instead of the CLI gluing it: the theme
// from a configuration's setting, the permission rules layered from several
// files (a deny anywhere wins; the file is named), and the wiring of one
// printed turn (what is approved leaves out the questions it answers).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { colourTheme, layeredRules, plainTheme, printWiring, themeFor } from '../src/internal.ts';

test('themeFor: plain is always plain, colour colours a pipe but never under NO_COLOR, auto follows the terminal', () => {
  assert.equal(themeFor({ isTTY: true }, {}, 'plain'), plainTheme);
  assert.equal(themeFor({ isTTY: false }, {}, 'colour'), colourTheme);
  assert.equal(themeFor({ isTTY: true }, { NO_COLOR: '1' }, 'colour'), plainTheme);
  assert.equal(themeFor({ isTTY: true }, {}), colourTheme);
  assert.equal(themeFor({ isTTY: false }, {}, 'auto'), plainTheme);
});

test("layeredRules: the user's deny beats the project's allow, and a project's deny narrows the user's allow", () => {
  const rules = layeredRules(
    [
      { path: '/p/.kodama/config.json', permissions: { allow: ['bash(rm:*)'], deny: ['bash(curl:*)'] } },
      { path: '/u/config.json', permissions: { allow: ['bash(curl:*)'], deny: ['bash(rm:*)'] } },
    ],
    '/p',
  );
  assert.deepEqual(
    [rules.decide({ tool: 'bash', command: 'rm x' }), rules.decide({ tool: 'bash', command: 'curl x' })].map(
      (d) => [d?.decision, d?.source],
    ),
    [
      ['deny', '/u/config.json'],
      ['deny', '/p/.kodama/config.json'],
    ],
  );
  assert.throws(
    () => layeredRules([{ path: '/u/config.json', permissions: { allow: ['edit('] } }], '/p'),
    /^Error: \/u\/config\.json: permissions\.allow\[0\]/,
  );
});

test('printWiring: approving all leaves out the confirmer and the review; the taint gate stays unless approved too', () => {
  const rules = layeredRules([], '/p');
  const ask = async () => ({ kind: 'no' as const });
  const asking = printWiring(ask, rules, { person: false });
  assert.ok(asking.confirmer && asking.reviewEdits && asking.taintGate);
  const yes = printWiring(ask, rules, { approveAll: true, person: false });
  assert.deepEqual(Object.keys(yes).sort(), ['taintGate', 'wrapTool']);
  const all = printWiring(ask, rules, { approveAll: true, approveTaint: true, person: false });
  assert.deepEqual(Object.keys(all), ['wrapTool']);
});
