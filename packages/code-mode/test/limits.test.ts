// The sandbox and every limit, through a real agent over HTTP: each test
// shows the limit stopping the program (the safe outcome) and, where the
// line can be drawn, the same program inside the limit still working.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Extension } from '@kodama/core';
import { runCalls, runPrograms, tool } from './helpers.ts';

const noop = () => tool('noop', {}, () => ({ ok: true }));
const exec = (source: string) => ({ name: 'exec', arguments: { source } });

describe('code mode: the sandbox', () => {
  test('no require, process, fetch, timers or host functions; import() rejects', async () => {
    const { reports } = await runPrograms(
      [
        [
          "let imported = 'loaded'",
          "try { await import('fs') } catch (e) { imported = e.message }",
          "let node = 'loaded'",
          "try { await import('node:child_process') } catch (e) { node = e.message }",
          '({ require: typeof require, process: typeof process, fetch: typeof fetch, setTimeout: typeof setTimeout,',
          '   WebAssembly: typeof WebAssembly, host: typeof __kodama_host, imported, node })',
        ].join('\n'),
        "require('fs')",
        'process.exit(1)',
        "await fetch('https://example.com')",
      ],
      { tools: [noop()] },
    );
    assert.deepEqual(reports[0]!.value, {
      require: 'undefined',
      process: 'undefined',
      fetch: 'undefined',
      setTimeout: 'undefined',
      WebAssembly: 'undefined',
      host: 'undefined',
      imported: "could not load module 'fs'",
      node: "could not load module 'node:child_process'",
    });
    assert.deepEqual(
      reports.slice(1).map((r) => [r.status, r.error]),
      [
        ['error', "ReferenceError: 'require' is not defined"],
        ['error', "ReferenceError: 'process' is not defined"],
        ['error', "ReferenceError: 'fetch' is not defined"],
      ],
    );
  });

  test('a program that loops forever is terminated by the CPU limit; the session goes on', async () => {
    const { reports } = await runPrograms(['text("spinning")\nwhile (true) {}', '1 + 1'], {
      tools: [noop()],
      codeMode: { limits: { cpuMs: 200 } },
    });
    assert.deepEqual(reports[0], {
      status: 'terminated',
      output: 'spinning\n',
      error: 'CPU time limit reached',
      tool_calls: 0,
    });
    assert.deepEqual(reports[1], { status: 'completed', output: '', value: 2, tool_calls: 0 });
  });

  test('time awaiting tools is not CPU time: a slow tool inside the CPU limit completes', async () => {
    const slow = tool('slow', {}, async () => {
      await new Promise((r) => setTimeout(r, 150));
      return 'late';
    });
    const { reports } = await runPrograms(['(await tools.slow({})) + (await tools.slow({}))'], {
      tools: [slow],
      codeMode: { limits: { cpuMs: 100 } },
    });
    assert.deepEqual(reports[0], { status: 'completed', output: '', value: 'latelate', tool_calls: 2 });
  });

  test('a program that exceeds memory is terminated; a smaller one runs', async () => {
    const { reports } = await runPrograms(
      [
        "globalThis.a = []\nwhile (true) a.push('x'.repeat(1024) + a.length)",
        "const b = []\nfor (let i = 0; i < 1000; i++) b.push('x'.repeat(1024) + i)\nb.length",
      ],
      { tools: [noop()], codeMode: { limits: { memoryBytes: 8 * 1024 * 1024, cpuMs: 20_000 } } },
    );
    assert.deepEqual(reports[0], {
      status: 'terminated',
      output: '',
      error: 'memory limit reached',
      tool_calls: 0,
    });
    assert.deepEqual(reports[1], { status: 'completed', output: '', value: 1000, tool_calls: 0 });
  });

  test('the wall-time limit ends a program awaiting a tool that never answers', async () => {
    const hang = tool('hang', {}, () => new Promise(() => {}));
    const { reports } = await runPrograms(["text('before')\nawait tools.hang({})"], {
      tools: [hang],
      codeMode: { limits: { wallMs: 150 } },
    });
    assert.deepEqual(reports[0], {
      status: 'terminated',
      output: 'before\n',
      error: 'wall time limit reached',
      tool_calls: 1,
    });
  });
});

describe('code mode: limits', () => {
  test('source size: a program over the limit is refused before it runs', async () => {
    const { reports } = await runPrograms(["'x'.repeat(10)", `'${'y'.repeat(200)}'`], {
      tools: [noop()],
      codeMode: { limits: { sourceChars: 100 } },
    });
    assert.equal(reports[0]!.value, 'xxxxxxxxxx');
    assert.equal(reports[1]!.status, 'refused');
    assert.match(reports[1]!.error!, /the program is 202 characters; the limit is 100/);
  });

  test('output size: text beyond the limit terminates the program', async () => {
    const { reports } = await runPrograms(
      ["text('a'.repeat(40))", "for (let i = 0; i < 10; i++) text('b'.repeat(20))", "'c'.repeat(200)"],
      {
        tools: [noop()],
        codeMode: { limits: { outputChars: 100 } },
      },
    );
    assert.deepEqual(reports[0], { status: 'completed', output: `${'a'.repeat(40)}\n`, tool_calls: 0 });
    assert.equal(reports[1]!.status, 'terminated');
    assert.equal(reports[1]!.error, 'output limit reached (100 characters)');
    assert.equal(reports[1]!.output, `${'b'.repeat(20)}\n`.repeat(4));
    assert.deepEqual(reports[2], {
      status: 'terminated',
      output: '',
      error: 'output limit reached (100 characters, with the final value)',
      tool_calls: 0,
    });
  });

  test('tool calls: the call past the limit stops the program; the ones before ran', async () => {
    const step = tool('step', { i: { type: 'number' } }, ({ i }) => ({ i }));
    const { reports } = await runPrograms(
      [
        'let s = 0\nfor (let i = 0; i < 3; i++) s += (await tools.step({ i })).i\ns',
        'for (let i = 0; i < 10; i++) await tools.call("step", { i })',
      ],
      { tools: [step], codeMode: { limits: { toolCalls: 3 } } },
    );
    assert.deepEqual(reports[0], { status: 'completed', output: '', value: 3, tool_calls: 3 });
    assert.deepEqual(reports[1], {
      status: 'terminated',
      output: '',
      error: 'tool call limit reached (3 calls)',
      tool_calls: 4,
    });
    assert.equal(step.calls.length, 6);
  });

  test('tools.parallel: at most `concurrency` calls in flight, results in call order', async () => {
    let inFlight = 0;
    let peak = 0;
    const work = tool('work', { ms: { type: 'number' } }, async ({ ms }) => {
      peak = Math.max(peak, ++inFlight);
      await new Promise((r) => setTimeout(r, Number(ms)));
      inFlight--;
      return { ms };
    });
    const { reports } = await runPrograms(
      [
        'const ms = [60, 10, 40, 5, 30, 1]\n(await tools.parallel(...ms.map((m) => () => tools.work({ ms: m })))).map((r) => r.ms)',
        // Straight Promise.all bypasses the helper; the broker still holds the line.
        'const ms = [20, 21, 22, 23, 24]\n(await Promise.all(ms.map((m) => tools.work({ ms: m })))).length',
      ],
      { tools: [work], codeMode: { limits: { concurrency: 2 } } },
    );
    assert.deepEqual(reports[0]!.value, [60, 10, 40, 5, 30, 1]);
    assert.equal(reports[1]!.value, 5);
    assert.equal(peak, 2);
  });

  test('loop detection: a repeated call is answered with the warning, then stops the program; the session goes on', async () => {
    const n = noop();
    const { reports } = await runPrograms(
      [
        'for (let i = 0; i < 10; i++) await tools.noop({})',
        'for (let i = 0; i < 10; i++) { try { await tools.noop({}) } catch {} }',
        // Stopped while two calls are still in flight: the runtime is freed cleanly.
        'await Promise.all([1, 2, 3, 4, 5].map(() => tools.noop({}).catch(() => 0)))',
        '1 + 1',
      ],
      { tools: [n] },
    );
    assert.equal(reports[0]!.status, 'error');
    assert.match(
      reports[0]!.error!,
      /^You have called noop with the same arguments 3 times in a row, so this call was not run/,
    );
    assert.equal(reports[0]!.tool_calls, 3);
    const stopped = {
      status: 'terminated',
      output: '',
      error: 'the program called noop with the same arguments 4 times in a row',
      tool_calls: 4,
    };
    assert.deepEqual(reports[1], stopped);
    assert.deepEqual(reports[2], { ...stopped, tool_calls: 5 });
    assert.deepEqual(reports[3], { status: 'completed', output: '', value: 2, tool_calls: 0 });
    assert.equal(n.calls.length, 2 + 2 + 2);
  });

  test('programs per session: the one past the limit is refused', async () => {
    const { reports } = await runPrograms(['1', '2', '3'], {
      tools: [noop()],
      codeMode: { limits: { programs: 2 } },
    });
    assert.deepEqual(
      reports.map((r) => r.value ?? r.error),
      [1, 2, 'Error: this session has run its 2 programs; no more may start'],
    );
  });
});

/** An extension that runs `fn` when the model calls `name` for the `nth` time (before the call runs). */
function onCall(name: string, nth: number, fn: () => void): Extension {
  let seen = 0;
  return {
    name: 'test-hook',
    onToolCall: (_context, call) => {
      if (call.name === name && ++seen === nth) fn();
    },
  };
}

describe('code mode: exec, wait, stop', () => {
  function gate() {
    let open: () => void = () => {};
    const opened = new Promise<void>((r) => {
      open = r;
    });
    const slow = tool('slow', {}, async () => {
      await opened;
      return 'opened';
    });
    return { slow, open: () => open() };
  }

  test('still_working after the bounded wait; wait returns only new output, then the end', async () => {
    const g = gate();
    const source = "text('one')\nconst v = await tools.slow({})\ntext('two')\nv";
    const steps = [exec(source), { name: 'wait', arguments: {} }, { name: 'wait', arguments: {} }];
    const { reports } = await runCalls(steps, {
      tools: [g.slow],
      // Opened as the second wait starts: the first one answers still_working too.
      extensions: [onCall('wait', 2, g.open)],
      codeMode: { limits: { observeMs: 100 } },
    });
    assert.deepEqual(reports[0], { status: 'still_working', output: 'one\n', tool_calls: 1 });
    assert.deepEqual(reports[1], { status: 'still_working', output: '', tool_calls: 1 });
    assert.deepEqual(reports[2], { status: 'completed', output: 'two\n', value: 'opened', tool_calls: 1 });
  });

  test('stop terminates the running program; wait afterwards has nothing to watch', async () => {
    const g = gate();
    const { reports } = await runCalls(
      [
        exec("text('a')\nawait tools.slow({})"),
        { name: 'stop', arguments: {} },
        { name: 'wait', arguments: {} },
      ],
      { tools: [g.slow], codeMode: { limits: { observeMs: 50 } } },
    );
    assert.equal(reports[0]!.status, 'still_working');
    assert.deepEqual(reports[1], {
      status: 'terminated',
      output: '',
      error: 'stopped by the model',
      tool_calls: 1,
    });
    assert.equal(reports[2]!.error, 'Error: no program is running: start one with exec');
  });

  test('one program at a time: an exec while one runs is refused, the running one unharmed', async () => {
    const g = gate();
    const { reports } = await runCalls(
      [[exec('await tools.slow({})'), exec("'second'")], { name: 'wait', arguments: {} }],
      { tools: [g.slow], extensions: [onCall('wait', 1, g.open)], codeMode: { limits: { observeMs: 50 } } },
    );
    assert.equal(reports[0]!.status, 'still_working');
    assert.equal(
      reports[1]!.error,
      'Error: a program is still running: call wait to watch it or stop to end it',
    );
    assert.deepEqual(reports[2], { status: 'completed', output: '', value: 'opened', tool_calls: 1 });
  });
});
