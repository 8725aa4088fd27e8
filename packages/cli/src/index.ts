/** The `kodama` command as a library: `main(argv, io)` resolves to an exit status. */

export { type CliIO, EXIT, main } from './main.ts';
