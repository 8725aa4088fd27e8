#!/usr/bin/env node
// The `kodama` command: compiled JavaScript on plain Node (dist/ is built by
// `npm run build`, which `npm ci` runs as the root `prepare` script).
// dist/main.js loads only the argument parser before a command needs more, so
// `kodama --version` and `--help` answer without loading the agent.
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: creating process.stdin costs time, and only confirmations read it.
  get stdin() {
    return process.stdin;
  },
});
