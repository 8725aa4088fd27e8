// Module hooks for a child process: resolve `unpdf` as if it were not
// installed (it is an optional peer dependency), everything else as usual.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'unpdf') {
    const error = new Error(`Cannot find package 'unpdf' imported from ${context.parentURL}`);
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return nextResolve(specifier, context);
}
