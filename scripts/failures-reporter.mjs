// A second reporter for the test run: after the TAP stream, it repeats each
// failing test's file, name and error on stderr. A CI log is often read from
// its tail, and the TAP lines of one failure sit somewhere among 1,400 others.
import { inspect } from 'node:util';

/** Node's custom-reporter shape: consumes the runner's events, yields text. */
export default async function* failures(source) {
  const failed = [];
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    // A suite fails when a test inside it fails: report only the leaves.
    if (details?.type === 'suite') continue;
    const error = details?.error?.cause ?? details?.error;
    failed.push({ name, file, error });
  }
  if (failed.length === 0) return;
  yield `\n# ${failed.length} failing test${failed.length === 1 ? '' : 's'}:\n`;
  for (const { name, file, error } of failed) {
    yield `\n✖ ${file ?? '(unknown file)'}\n  ${name}\n`;
    const text = error instanceof Error ? (error.stack ?? String(error)) : inspect(error, { depth: 4 });
    yield `${text
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n')}\n`;
  }
}
