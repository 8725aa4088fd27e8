/** The process streams and environment the command runs with (injected so tests can drive it). */
export interface CliIO {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where SIGINT is heard; default `process`. */
  readonly signals?: Pick<NodeJS.Process, 'on' | 'off'>;
}
