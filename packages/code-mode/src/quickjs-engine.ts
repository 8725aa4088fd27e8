// The default engine: QuickJS compiled to WebAssembly (quickjs-emscripten,
// sync release variant). Tools are host functions returning deferred
// promises; the job queue is pumped whenever one settles. CPU time and
// memory are enforced in the interrupt handler, because the runtime's own
// memory limit bounds single allocations only (see docs/code-mode.md).
import {
  getQuickJS,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import type { CodeEngine, ProgramEnd, ProgramHandle, ProgramSpec } from './engine.ts';
import { asyncWrapper, programWrapper, withFinalValue } from './final-value.ts';
import { guestPrelude } from './guest-prelude.ts';

let module: Promise<QuickJSWASMModule> | undefined;

/** The memory check runs on every this-many interrupt polls (each costs a heap walk). */
const MEMORY_EVERY = 4;

/** The QuickJS engine (the default of `codeMode`). */
export function quickjsEngine(): CodeEngine {
  return {
    name: 'QuickJS (WebAssembly)',
    async start(spec) {
      module ??= getQuickJS();
      return new QuickJsProgram(await module, spec).handle();
    },
  };
}

class QuickJsProgram {
  readonly #rt: QuickJSRuntime;
  readonly #ctx: QuickJSContext;
  readonly #spec: ProgramSpec;
  readonly #live = new Set<QuickJSDeferredPromise>();
  #cpuMs = 0;
  #sliceStart = 0;
  #polls = 0;
  #stopReason: string | undefined;
  #ended = false;
  #resolveDone!: (end: ProgramEnd) => void;
  readonly #done = new Promise<ProgramEnd>((resolve) => {
    this.#resolveDone = resolve;
  });

  constructor(qjs: QuickJSWASMModule, spec: ProgramSpec) {
    this.#spec = spec;
    this.#rt = qjs.newRuntime();
    this.#rt.setMaxStackSize(1024 * 1024);
    this.#ctx = this.#rt.newContext();
    this.#rt.setInterruptHandler(() => this.#interrupt());
  }

  handle(): ProgramHandle {
    const wall = setTimeout(() => this.#terminate('wall time limit reached'), this.#spec.limits.wallMs);
    wall.unref?.();
    void this.#done.then(() => clearTimeout(wall));
    this.#run();
    return { done: this.#done, terminate: (reason) => this.#terminate(reason) };
  }

  /** True stops the guest: the CPU budget spent, the heap over its limit, or a stop asked for. */
  #interrupt(): boolean {
    if (this.#stopReason !== undefined) return true;
    const { cpuMs, memoryBytes } = this.#spec.limits;
    if (this.#cpuMs + (performance.now() - this.#sliceStart) > cpuMs) {
      this.#stopReason = 'CPU time limit reached';
      return true;
    }
    if (++this.#polls % MEMORY_EVERY === 0 && this.#memoryUsed() > memoryBytes) {
      this.#stopReason = 'memory limit reached';
      return true;
    }
    return false;
  }

  #memoryUsed(): number {
    const usage = this.#rt.computeMemoryUsage();
    try {
      return (this.#ctx.dump(usage) as { memory_used_size: number }).memory_used_size;
    } finally {
      usage.dispose();
    }
  }

  /** Runs `fn` as guest time: counted against the CPU limit. */
  #slice<T>(fn: () => T): T {
    this.#sliceStart = performance.now();
    try {
      return fn();
    } finally {
      this.#cpuMs += performance.now() - this.#sliceStart;
    }
  }

  #run(): void {
    const ctx = this.#ctx;
    this.#install();
    const prelude = this.#slice(() =>
      ctx.evalCode(guestPrelude(this.#spec.catalog, this.#spec.limits.concurrency)),
    );
    if (prelude.error) {
      const error = this.#errorText(prelude.error);
      prelude.error.dispose();
      this.#end({ status: 'error', error });
      return;
    }
    prelude.value.dispose();
    const body = withFinalValue(this.#spec.source, (b) => {
      const compiled = this.#slice(() => ctx.evalCode(asyncWrapper(b), 'program.js', { compileOnly: true }));
      (compiled.error ?? compiled.value).dispose();
      return compiled.error === undefined;
    });
    const result = this.#slice(() => ctx.evalCode(programWrapper(body), 'program.js'));
    if (result.error) {
      this.#endWithError(result.error);
      return;
    }
    result.value.dispose();
    this.#pump();
  }

  /** The host functions the prelude closes over. */
  #install(): void {
    const ctx = this.#ctx;
    const host = ctx.newFunction('__kodama_host', (nameH, argsH) => {
      const name = ctx.getString(nameH);
      const args = ctx.getString(argsH);
      const deferred = ctx.newPromise();
      this.#live.add(deferred);
      this.#callHost(name, args).then(
        (json) => this.#settle(deferred, () => deferred.resolve(ctx.newString(json))),
        (error: unknown) =>
          this.#settle(deferred, () => {
            const e = ctx.newError(error instanceof Error ? error.message : String(error));
            deferred.reject(e);
            e.dispose();
          }),
      );
      return deferred.handle;
    });
    const text = ctx.newFunction('__kodama_text', (chunkH) => {
      try {
        this.#spec.host.text(ctx.getString(chunkH));
      } catch (error) {
        this.#terminate(error instanceof Error ? error.message : String(error));
      }
    });
    // The program's end comes back through two more host functions rather than a
    // host-side promise handle, so a program stopped mid-await leaves no handle behind.
    const done = ctx.newFunction('__kodama_done', (jsonH) => {
      const json = ctx.typeof(jsonH) === 'string' ? ctx.getString(jsonH) : undefined;
      this.#end({ status: 'completed', value: json === undefined ? undefined : JSON.parse(json) });
    });
    const fail = ctx.newFunction('__kodama_fail', (errorH) => {
      const error = this.#errorText(errorH);
      if (this.#stopReason !== undefined) this.#terminate(this.#stopReason);
      else this.#end({ status: 'error', error });
    });
    for (const [name, fn] of [
      ['__kodama_host', host],
      ['__kodama_text', text],
      ['__kodama_done', done],
      ['__kodama_fail', fail],
    ] as const) {
      ctx.setProp(ctx.global, name, fn);
      fn.dispose();
    }
  }

  async #callHost(name: string, args: string): Promise<string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(args);
    } catch {
      throw new TypeError(`tools.${name}: arguments must be JSON values`);
    }
    const value = await this.#spec.host.call(name, parsed);
    return JSON.stringify(value ?? null);
  }

  /** Settles a guest promise (unless the program ended) and runs the jobs it unblocks. */
  #settle(deferred: QuickJSDeferredPromise, settle: () => void): void {
    if (!this.#live.delete(deferred)) return; // the runtime is gone, and the deferred with it
    if (this.#ended) {
      // Every handle is released before the runtime is freed: QuickJS aborts the whole module otherwise.
      deferred.dispose();
      return;
    }
    settle();
    deferred.dispose();
    this.#pump();
  }

  #pump(): void {
    if (this.#ended) return;
    const jobs = this.#slice(() => this.#rt.executePendingJobs());
    if (jobs.error) this.#endWithError(jobs.error);
    else if (this.#stopReason !== undefined) this.#terminate(this.#stopReason);
  }

  #errorText(handle: QuickJSHandle): string {
    const e = this.#ctx.dump(handle) as { name?: string; message?: string } | string;
    if (typeof e !== 'object' || e === null) return String(e);
    if (typeof e.message !== 'string') return JSON.stringify(e);
    return e.name && e.name !== 'Error' ? `${e.name}: ${e.message}` : String(e.message);
  }

  #endWithError(handle: QuickJSHandle): void {
    const error = this.#errorText(handle);
    handle.dispose();
    if (this.#stopReason !== undefined) {
      this.#terminate(this.#stopReason);
      return;
    }
    this.#end({ status: 'error', error });
  }

  #terminate(reason: string): void {
    this.#stopReason ??= reason;
    this.#end({ status: 'terminated', reason: this.#stopReason });
  }

  #end(end: ProgramEnd): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#resolveDone(end);
    // Disposed after the current guest call returns (terminate may come from inside one).
    queueMicrotask(() => this.#dispose());
  }

  #dispose(): void {
    for (const d of this.#live) d.dispose();
    this.#live.clear();
    try {
      this.#ctx.dispose();
      this.#rt.dispose();
    } catch {
      // QuickJS aborted freeing the runtime (an object still held): that module is unusable
      // now, so the next program loads a fresh one.
      module = undefined;
    }
  }
}
