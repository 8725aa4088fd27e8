import net from 'node:net';
import { Worker } from 'node:worker_threads';

/** A loopback port where a TCP connect never completes; see {@link startUnacceptingListener}. */
export interface UnacceptingListener {
  readonly port: number;
  close(): Promise<void>;
}

// The listener lives in a worker whose event loop is then blocked, so nothing
// ever accepts: the kernel queues backlog + 1 handshakes and then drops SYNs,
// which the client retransmits for seconds. That is a connect that hangs
// without leaving 127.0.0.1.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const server = net.createServer();
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  parentPort.postMessage(server.address().port);
  Atomics.wait(workerData, 0, 0);
  server.close();
});
`;

/** More than the accept queue of a `backlog: 1` listener holds (2 on Linux). */
const FILLERS = 6;

/**
 * Starts a listener that never accepts and fills its accept queue, so the
 * next connect to `port` hangs in SYN-SENT until the client gives up.
 */
export async function startUnacceptingListener(): Promise<UnacceptingListener> {
  const wake = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, { eval: true, workerData: wake });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const fillers = Array.from({ length: FILLERS }, () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    return socket;
  });
  // A backlog-1 queue holds two handshakes on Linux: wait until two fillers are
  // in, so the queue is full before any test connects (the rest only make sure).
  await new Promise<void>((resolve) => {
    let connected = 0;
    for (const socket of fillers)
      socket.once('connect', () => {
        if (++connected === 2) resolve();
      });
  });
  return {
    port,
    close: async () => {
      for (const socket of fillers) socket.destroy();
      Atomics.store(wake, 0, 1);
      Atomics.notify(wake, 0);
      await worker.terminate();
    },
  };
}
