// Module-resolution hook for the lazy-loading test: appends every resolved URL
// to the file named at registration, synchronously, so the file is complete
// by the time the import that caused the resolution returns.
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(file, `${result.url}\n`);
  return result;
}
