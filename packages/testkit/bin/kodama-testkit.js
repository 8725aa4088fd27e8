#!/usr/bin/env node
// Launcher: runs the compiled CLI on plain Node (`npm ci` builds it through `prepare`).
import { main } from '../dist/cli.js';

await main(process.argv.slice(2));
