// Child process of jsonl-crash.test.ts: appends batches to one session for
// ever, printing "appended <n>" once each append has resolved (is durable),
// until the parent kills it with SIGKILL. With a third argument n, the n-th
// append writes only the first half of its bytes (a real write) and then the
// process kills itself, as a crash inside the write would.
// Usage: append-loop.child.ts <dir> <session id> [n]
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonlSessionStore } from '@kodama/core/session';

const [dir, id, tornAt] = process.argv.slice(2);
const store = new JsonlSessionStore({ dir: dir! });
// Big batches (2 MB), so a kill has a fair chance to land while one is being written.
const padding = 'x'.repeat(1024 * 1024);

if (tornAt !== undefined) {
  const probe = await open(join(tmpdir(), `kodama-probe-${process.pid}`), 'w');
  const proto = Object.getPrototypeOf(probe) as {
    write: (data: Buffer, ...rest: unknown[]) => Promise<unknown>;
  };
  await probe.close();
  const write = proto.write;
  let writes = 0;
  proto.write = async function (this: unknown, data: Buffer, ...rest: unknown[]) {
    // The store writes each append with one call; the first append creates the file instead.
    if (++writes === Number(tornAt) - 1) {
      await write.call(this, data.subarray(0, data.length >> 1));
      process.kill(process.pid, 'SIGKILL');
    }
    return write.call(this, data, ...rest);
  };
}

for (let n = 1; ; n++) {
  await store.append(id!, [
    { id: `u${n}`, kind: 'user', message: { role: 'user', content: `question ${n} ${padding}` } },
    {
      id: `a${n}`,
      kind: 'assistant',
      message: { role: 'assistant', text: '', toolCalls: [{ id: `c${n}`, name: 'read', arguments: '{}' }] },
    },
    {
      id: `t${n}`,
      kind: 'tool',
      message: { role: 'tool', toolCallId: `c${n}`, toolName: 'read', content: padding },
    },
  ]);
  process.stdout.write(`appended ${n}\n`);
}
