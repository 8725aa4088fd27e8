#!/usr/bin/env node
// Launcher: the package runs from TypeScript source, so register tsx first.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../src/cli.ts', import.meta.url).href);
await main(process.argv.slice(2));
