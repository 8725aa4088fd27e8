import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RateLimiter } from '../../src/search/rate-limiter.ts';
import { EngineUnavailableError } from '../../src/search/search-engine.ts';

/** A clock that only moves when the limiter sleeps (or the test says so). */
function fakeClock() {
  const clock = {
    now: 1_000_000,
    sleeps: [] as number[],
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.now += ms;
    },
  };
  return clock;
}

function limiterOn(clock: ReturnType<typeof fakeClock>): RateLimiter {
  return new RateLimiter({
    minIntervalMs: 2_000,
    cooldownMs: 300_000,
    now: () => clock.now,
    sleep: clock.sleep,
  });
}

describe('RateLimiter', () => {
  it('keeps the minimum interval between calls', async () => {
    const clock = fakeClock();
    const limiter = limiterOn(clock);
    const starts: number[] = [];
    await limiter.run(async () => starts.push(clock.now));
    clock.now += 500;
    await limiter.run(async () => starts.push(clock.now));
    clock.now += 5_000;
    await limiter.run(async () => starts.push(clock.now));
    assert.deepEqual(clock.sleeps, [1_500]);
    assert.deepEqual(starts, [1_000_000, 1_002_000, 1_007_000]);
  });

  it('runs concurrent calls one at a time, in arrival order', async () => {
    const clock = fakeClock();
    const limiter = limiterOn(clock);
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`start ${name} @${clock.now}`);
      await Promise.resolve();
      events.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      limiter.run(task('a')),
      limiter.run(task('b')),
      limiter.run(task('c')),
    ]);
    assert.deepEqual(results, ['a', 'b', 'c']);
    assert.deepEqual(events, [
      'start a @1000000',
      'end a',
      'start b @1002000',
      'end b',
      'start c @1004000',
      'end c',
    ]);
  });

  it('refuses at once during the cooldown after a block, then recovers', async () => {
    const clock = fakeClock();
    const limiter = limiterOn(clock);
    await assert.rejects(
      limiter.run(async () => {
        throw new EngineUnavailableError('blocked', { blocked: true });
      }),
      /blocked/,
    );
    let ran = false;
    clock.now += 10_000;
    const refused = limiter.run(async () => {
      ran = true;
    });
    await assert.rejects(
      refused,
      (error: unknown) =>
        EngineUnavailableError.isInstance(error) &&
        /cooling down after a block \(290 s left\)/.test(error.message),
    );
    assert.equal(ran, false);
    assert.equal(limiter.cooldownRemaining(), 290_000);
    clock.now += 290_001;
    await limiter.run(async () => {
      ran = true;
    });
    assert.equal(ran, true);
  });

  it('does not cool down after an ordinary failure, and keeps serving after it', async () => {
    const clock = fakeClock();
    const limiter = limiterOn(clock);
    await assert.rejects(
      limiter.run(async () => {
        throw new EngineUnavailableError('network down');
      }),
    );
    await assert.rejects(
      limiter.run(async () => {
        throw new TypeError('bug');
      }),
    );
    assert.equal(limiter.cooldownRemaining(), 0);
    assert.equal(await limiter.run(async () => 'fine'), 'fine');
  });
});
