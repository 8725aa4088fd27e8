// One lock table for the whole process, keyed by real path: separate agents
// (separate Workspace and tool instances) editing the same file in one process
// must queue behind each other, so the table cannot belong to one instance.
// Entries are removed when their queue drains, so it does not grow.
const tails = new Map<string, Promise<void>>();

/**
 * Runs `fn` while holding an exclusive async lock on `realPath`; callers on
 * the same path run one after another, in call order.
 */
export async function withPathLock<T>(realPath: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(realPath) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => {
    release = r;
  });
  const tail = previous.then(() => mine);
  tails.set(realPath, tail);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (tails.get(realPath) === tail) tails.delete(realPath);
  }
}
