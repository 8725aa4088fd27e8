// The broker's bookkeeping as the agent sees it: the step budget a program's
// calls spend, and the events that make its calls visible.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type AgentEvent, StepLimit } from '@kodama/core';
import { PROGRAM_TOOL_CALL, PROGRAM_TOOL_RESULT } from '../src/index.ts';
import { runPrograms, tool } from './helpers.ts';

describe('code mode: the broker', () => {
  test("a program's calls spend the agent's step budget; the call past it ends the program", async () => {
    const step = tool('step', { i: { type: 'number' } }, ({ i }) => ({ i }));
    const { reports } = await runPrograms(['for (let i = 0; i < 5; i++) await tools.step({ i })'], {
      tools: [step],
      // exec itself is one step; three program calls fit, the fourth does not.
      agent: { stepLimit: new StepLimit(4) },
    });
    assert.deepEqual(reports[0], {
      status: 'terminated',
      output: '',
      error: 'step limit of 4 tool calls exceeded',
      tool_calls: 4,
    });
    assert.equal(step.calls.length, 3);
  });

  test('each program call is announced and answered as a domain event of the exec call', async () => {
    const events: AgentEvent[] = [];
    const ok = tool('ok', { n: { type: 'number' } }, ({ n }) => ({ n }));
    const listener = { onEvent: (e: AgentEvent) => events.push(e) };
    await runPrograms(["await tools.ok({ n: 1 })\ntry { await tools.ok({ n: 'x' }) } catch {}"], {
      tools: [ok],
      extensions: [{ name: 'listen', configure: (c) => c.addListener(listener) }],
    });
    const domain = events.flatMap((e) => (e.type === 'domain' ? [[e.name, e.data]] : []));
    assert.deepEqual(domain, [
      [PROGRAM_TOOL_CALL, { program: 1, index: 1, name: 'ok', arguments: '{"n":1}' }],
      [PROGRAM_TOOL_RESULT, { program: 1, index: 1, name: 'ok', status: 'ok' }],
      [PROGRAM_TOOL_CALL, { program: 1, index: 2, name: 'ok', arguments: '{"n":"x"}' }],
      [PROGRAM_TOOL_RESULT, { program: 1, index: 2, name: 'ok', status: 'error' }],
    ]);
  });
});
