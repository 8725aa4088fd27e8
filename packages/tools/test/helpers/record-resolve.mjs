// Module hooks (run on Node's hooks thread): report every resolved URL to the
// port given at registration; answer "flush" once every earlier report is sent.
let port;

export function initialize(data) {
  port = data.port;
  port.on('message', () => port.postMessage({ flushed: true }));
  port.unref();
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  port.postMessage({ url: result.url });
  return result;
}
