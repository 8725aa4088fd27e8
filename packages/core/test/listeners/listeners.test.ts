import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatTokens, InMemoryEventList, type RateClock, RateLimited } from '../../src/entries/listeners.ts';
import { type AgentEvent, Terminal, TokenLog } from '../../src/index.ts';
import { ListenerList } from '../../src/listeners/listener-list.ts';

function sink(): { text: () => string; write: (s: string) => void } {
  let buf = '';
  return {
    text: () => buf,
    write: (s) => {
      buf += s;
    },
  };
}

const usage = (input: number, output: number) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadTokens: undefined,
  cacheWriteTokens: undefined,
  reasoningTokens: undefined,
});

describe('TokenLog', () => {
  test('renders ctx=<used>/<cap>, or ctx=<used> without a cap; prefixes sub-agent lines', () => {
    const out = sink();
    const log = new TokenLog(out);
    log.onEvent({ type: 'context-cap', agentId: '', turnId: 't', cap: undefined });
    log.onEvent({
      type: 'tokens',
      agentId: '',
      turnId: 't',
      usage: usage(900, 50),
      provider: 'p',
      modelId: 'm',
      stopReason: 'stop',
    });
    log.onEvent({ type: 'context-cap', agentId: '', turnId: 't', cap: 32000 });
    log.onEvent({
      type: 'tokens',
      agentId: '',
      turnId: 't',
      usage: usage(11900, 300),
      provider: 'p',
      modelId: 'm',
      stopReason: 'stop',
    });
    assert.equal(log.readout(), 'ctx=12.2k/32.0k');
    const sub = log.forSubAgent({ id: 'r 0' });
    sub.onEvent({
      type: 'tokens',
      agentId: 'r 0',
      turnId: 't',
      usage: usage(10, 2),
      provider: 'p',
      modelId: 'm',
      stopReason: 'stop',
    });
    assert.deepEqual(out.text().split('\n'), [
      'tokens in=900 out=50 ctx=950',
      'tokens in=11.9k out=300 ctx=12.2k/32.0k',
      '[r 0] tokens in=10 out=2 ctx=12/32.0k',
      '',
    ]);
  });

  test('reset zeroes the snapshot; history-loaded restores it', () => {
    const log = new TokenLog(sink(), { cap: 8000 });
    log.onEvent({
      type: 'tokens',
      agentId: '',
      turnId: 't',
      usage: usage(5000, 100),
      provider: 'p',
      modelId: 'm',
      stopReason: 'stop',
    });
    log.onEvent({ type: 'reset', agentId: '', turnId: 't' });
    assert.equal(log.readout(), 'ctx=0/8.0k');
    log.onEvent({
      type: 'history-loaded',
      agentId: '',
      turnId: '',
      messages: 4,
      tokens: {
        type: 'tokens',
        agentId: '',
        turnId: 't',
        usage: usage(2000, 48),
        provider: 'p',
        modelId: 'm',
        stopReason: 'stop',
      },
    });
    assert.equal(log.readout(), 'ctx=2.0k/8.0k');
    assert.equal(formatTokens(1_500_000), '1.5M');
  });
});

describe('RateLimited', () => {
  function fakeClock(): RateClock & { advance(ms: number): void } {
    let now = 0;
    let pending: { fn: () => void; at: number } | undefined;
    return {
      now: () => now,
      setTimeout: (fn, ms) => {
        pending = { fn, at: now + ms };
        return pending;
      },
      clearTimeout: (h) => {
        if (pending === h) pending = undefined;
      },
      advance(ms) {
        now += ms;
        if (pending && pending.at <= now) {
          const p = pending;
          pending = undefined;
          p.fn();
        }
      },
    };
  }
  const delta = (
    text: string,
    type: 'assistant-delta' | 'reasoning-delta' = 'assistant-delta',
  ): AgentEvent => ({
    type,
    agentId: '',
    turnId: 't',
    text,
  });

  test('coalesces deltas to at most N per second, flushes on the timer', () => {
    const clock = fakeClock();
    const inner = new InMemoryEventList();
    const limited = new RateLimited(inner, { maxPerSecond: 10, clock });
    limited.onEvent(delta('a'));
    limited.onEvent(delta('b'));
    limited.onEvent(delta('c'));
    assert.deepEqual(
      inner.events.map((e) => 'text' in e && e.text),
      ['a'],
      'the first goes through at once',
    );
    clock.advance(100);
    assert.deepEqual(
      inner.events.map((e) => 'text' in e && e.text),
      ['a', 'bc'],
    );
  });

  test('never drops nor delays non-delta events, and flushes pending deltas before them', () => {
    const clock = fakeClock();
    const inner = new InMemoryEventList();
    const limited = new RateLimited(inner, { maxPerSecond: 1, clock });
    limited.onEvent(delta('x'));
    limited.onEvent(delta('t1', 'reasoning-delta'));
    limited.onEvent(delta('y'));
    limited.onEvent(delta('z'));
    limited.onEvent({ type: 'assistant', agentId: '', turnId: 't', text: 'xyz' });
    limited.onEvent({
      type: 'tokens',
      agentId: '',
      turnId: 't',
      usage: usage(1, 1),
      provider: 'p',
      modelId: 'm',
      stopReason: 'stop',
    });
    assert.deepEqual(
      inner.events.map((e) => [e.type, 'text' in e ? e.text : '']),
      [
        ['assistant-delta', 'x'],
        ['reasoning-delta', 't1'],
        ['assistant-delta', 'yz'],
        ['assistant', 'xyz'],
        ['tokens', ''],
      ],
    );
  });

  test('rejects a non-positive rate', () => {
    assert.throws(() => new RateLimited(new InMemoryEventList(), { maxPerSecond: 0 }), RangeError);
  });
});

describe('Terminal', () => {
  test('answer text to stdout, tool traffic and notices to stderr; sub-agents indented on stderr, under their id', () => {
    const stdout = sink();
    const stderr = sink();
    const term = new Terminal({ stdout, stderr });
    const events: AgentEvent[] = [
      { type: 'user-turn', agentId: '', turnId: 't', content: 'hi', midLoop: false },
      {
        type: 'tool-call',
        agentId: '',
        turnId: 't',
        index: 0,
        toolCallId: 'c',
        name: 'echo',
        arguments: '{"text":"x"}',
      },
      {
        type: 'tool-result',
        agentId: '',
        turnId: 't',
        index: 0,
        toolCallId: 'c',
        name: 'echo',
        content: 'echo: x',
        status: 'ok',
      },
      { type: 'assistant-delta', agentId: '', turnId: 't', text: 'Hel' },
      { type: 'assistant-delta', agentId: '', turnId: 't', text: 'lo' },
      { type: 'assistant', agentId: '', turnId: 't', text: 'Hello' },
      { type: 'cancelled', agentId: '', turnId: 't' },
    ];
    for (const e of events) term.onEvent(e);
    assert.equal(stdout.text(), 'Hello\n');
    assert.equal(stderr.text(), '→ echo({"text":"x"})\n← echo: echo: x\n[cancelled]\n');
    const sub = term.forSubAgent({ id: 's' });
    sub.onEvent({ type: 'user-turn', agentId: 's', turnId: 't', content: 'find it', midLoop: false });
    sub.onEvent({ type: 'assistant', agentId: 's', turnId: 't', text: 'inner' });
    sub.onEvent({
      type: 'tool-call',
      agentId: 's',
      turnId: 't',
      index: 0,
      toolCallId: 'd',
      name: 'grep',
      arguments: '{}',
    });
    assert.equal(stdout.text(), 'Hello\n', "stdout holds the main answer only, never a sub-agent's");
    assert.match(stderr.text(), /\n {2}\[s\] find it\n {2}inner\n {2}→ grep\(\{\}\)\n$/);
  });
});

describe('ListenerList', () => {
  test('emits in order; forSubAgent maps through each listener or shares it', () => {
    const shared = new InMemoryEventList();
    const out = sink();
    const list = new ListenerList([shared, new TokenLog(out)]);
    assert.deepEqual(list.names(), ['InMemoryEventList', 'TokenLog']);
    const sub = list.forSubAgent({ id: 'x' });
    sub.emit({ type: 'reset', agentId: 'x', turnId: 't' });
    assert.equal(shared.events.length, 1);
    assert.equal(list.size, 2);
  });
});
