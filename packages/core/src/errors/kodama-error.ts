// Marks kodama's error classes (the constructors, not the instances), so a
// check can recognise a class from another copy of the package by its name.
const BRAND = Symbol.for('kodama.error');

/** Options every {@link KodamaError} accepts. */
export interface KodamaErrorOptions {
  /** The error that caused this one. */
  readonly cause?: unknown;
}

/** `ModelServerUnreachableError` → `model-server-unreachable-error`. */
function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/**
 * The base of every error class kodama exports. Subclasses declare nothing
 * extra to get:
 * - `name`, the class name (so `String(error)` and logs say what it is);
 * - `code`, a stable machine-readable form of it (`step-limit-exceeded`),
 *   carried by `turn-end` events and serialized runs;
 * - `static isInstance(value)`, true for instances of the class or a subclass,
 *   also when they come from another copy of the package (two installs, a
 *   worker realm), where `instanceof` says no.
 *
 * Class names are the identity across copies, so they are unique across
 * kodama's packages (a test checks it).
 */
export class KodamaError extends Error {
  /** Stable, machine-readable kind of error: the class name in kebab case. */
  readonly code: string;
  static readonly [BRAND] = true;

  constructor(message: string, options: KodamaErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = kebabCase(new.target.name);
  }

  /**
   * True for an instance of this class (or a subclass), including copies from
   * another install. Call it on the class (`ModelError.isInstance(e)`); to pass
   * it around, wrap it: `(e) => ModelError.isInstance(e)`.
   */
  static isInstance<T extends abstract new (...args: never) => KodamaError>(
    this: T,
    value: unknown,
  ): value is InstanceType<T> {
    // biome-ignore lint/complexity/noThisInStatic: a detached call has no class to check against
    if (typeof this !== 'function') {
      throw new TypeError('isInstance must be called on an error class, e.g. ModelError.isInstance(error)');
    }
    if (typeof value !== 'object' || value === null) return false;
    // `this` is the class the check was called on (`ModelError.isInstance`), a subclass of this one.
    // biome-ignore lint/complexity/noThisInStatic: the subclass is the point
    if (value instanceof this) return true;
    for (let p = Object.getPrototypeOf(value); p !== null; p = Object.getPrototypeOf(p)) {
      const ctor = (p as { constructor?: unknown }).constructor;
      // biome-ignore lint/complexity/noThisInStatic: the subclass is the point
      if (typeof ctor === 'function' && ctor.name === this.name && BRAND in ctor) return true;
    }
    return false;
  }
}
