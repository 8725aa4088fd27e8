import net from 'node:net';

/** A loopback port that refuses connections for as long as it is held. */
export interface ClosedPort {
  readonly port: number;
  release(): Promise<void>;
}

/**
 * Holds a 127.0.0.1 port that is bound but not listening, so connecting to it
 * is refused (ECONNREFUSED) and no parallel test can take it: the port is the
 * local end of a connection this helper keeps open to a throwaway server.
 * (Closing a server and reusing its port would leave a window in which
 * another test's `listen(0)` may get that port.)
 */
export async function holdClosedPort(): Promise<ClosedPort> {
  const accepted: net.Socket[] = [];
  const server = net.createServer((peer) => accepted.push(peer));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: serverPort } = server.address() as net.AddressInfo;
  const socket = net.connect({ port: serverPort, host: '127.0.0.1', localAddress: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const port = socket.localPort;
  if (port === undefined) throw new Error('the holding socket has no local port');
  return {
    port,
    release: async () => {
      socket.destroy();
      for (const peer of accepted) peer.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
