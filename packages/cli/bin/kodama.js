#!/usr/bin/env node
// The `kodama` command: compiled JavaScript on plain Node (dist/ is built by
// `npm run build`, which `npm ci` runs as the root `prepare` script).
// dist/main.js loads only the argument parser before a command needs more, so
// `kodama --version` and `--help` answer without loading the agent.
import { EXIT, main } from '../dist/main.js';

// A reader that went away (`kodama runs events | head`): later writes are
// dropped, and kodama ends quietly with 141 (as a program killed by SIGPIPE),
// not with an unhandled 'error' and a stack trace. A command running a Run
// also hears it (stop-signals.ts) and cancels the Run, keeping the session.
let outputClosed = false;
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  outputClosed = true;
  process.stdout.write = () => true;
});

const status = await main(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: creating process.stdin costs time, and only confirmations read it.
  get stdin() {
    return process.stdin;
  },
});
process.exitCode = outputClosed && status === EXIT.ok ? EXIT.outputClosed : status;
