// Imports the module named by argv[2] and prints, one per line, every URL
// resolved while loading it: which files and packages an import really pulls in.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const urls = [];
let flushed;
const done = new Promise((resolve) => {
  flushed = resolve;
});
port1.on('message', (message) => (message.flushed ? flushed() : urls.push(message.url)));
register('./record-resolve.mjs', {
  parentURL: import.meta.url,
  data: { port: port2 },
  transferList: [port2],
});

await import(process.argv[2]);
// Messages on one port arrive in order: the answer to "flush" comes after every URL.
port1.postMessage('flush');
await done;
port1.close();
process.stdout.write(urls.join('\n'));
