// Child process for stream-overhead: every chat request streams the same 50
// one-character text deltas. Prints its URL, exits when stdin ends.
import { startOpenAICompatibleServer } from '@kodama/testkit';

const TEXT = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMN'; // 50 chars → 50 deltas

const server = await startOpenAICompatibleServer({ script: () => ({ text: TEXT, chunkSize: 1 }) });
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
