import { availableParallelism } from 'node:os';
import type {
  ChatWrapper,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaGrammar,
  LlamaModel,
} from 'node-llama-cpp';
import { loadNodeLlamaCpp, type NodeLlamaCpp } from './load-node-llama-cpp.ts';
import { LocalBinaryMissingError, LocalModelFileError } from './local-errors.ts';
import { DEFAULT_CONTEXT_CAP, type LocalGpu, type LocalModelOptions } from './local-options.ts';

/** About one thread per physical core (llama.cpp's default oversubscribes small machines badly). */
export function defaultThreads(): number {
  return Math.max(1, Math.ceil(availableParallelism() / 2));
}

const llamas = new Map<string, Promise<Llama>>();

async function llamaFor(lib: NodeLlamaCpp, gpu: LocalGpu): Promise<Llama> {
  const key = String(gpu);
  let llama = llamas.get(key);
  if (!llama) {
    llama = lib
      .getLlama({ gpu, build: 'never', logLevel: lib.LlamaLogLevel.error })
      .catch((error: unknown) => {
        llamas.delete(key);
        if (error instanceof lib.NoBinaryFoundError)
          throw new LocalBinaryMissingError(gpu === false || gpu === 'auto' ? 'cpu' : gpu, { cause: error });
        throw error;
      });
    llamas.set(key, llama);
  }
  return llama;
}

/**
 * A loaded model with one context whose sequences serve requests: each
 * request borrows a sequence and returns it; requests beyond the sequences
 * wait in line (first come, first served). Shared by every handle that asks
 * for the same file and settings; freed when the last handle closes.
 */
export class SharedModel {
  readonly lib: NodeLlamaCpp;
  readonly model: LlamaModel;
  readonly context: LlamaContext;
  readonly path: string;
  readonly #free: LlamaContextSequence[] = [];
  readonly #waiting: Array<(sequence: LlamaContextSequence) => void> = [];
  readonly #grammars = new Map<string, Promise<LlamaGrammar>>();
  #chatWrapper: ChatWrapper | undefined;
  refs = 0;

  constructor(lib: NodeLlamaCpp, path: string, model: LlamaModel, context: LlamaContext, parallel: number) {
    this.lib = lib;
    this.path = path;
    this.model = model;
    this.context = context;
    for (let i = 0; i < parallel; i++) this.#free.push(context.getSequence());
  }

  /** The chat wrapper resolved by the first request, reused by the next ones. */
  get chatWrapper(): ChatWrapper | undefined {
    return this.#chatWrapper;
  }
  set chatWrapper(wrapper: ChatWrapper) {
    this.#chatWrapper ??= wrapper;
  }

  /** Waits for a free sequence; `signal` abandons the wait. */
  acquire(signal?: AbortSignal): Promise<LlamaContextSequence> {
    const free = this.#free.pop();
    if (free) return Promise.resolve(free);
    return new Promise((resolve, reject) => {
      const take = (sequence: LlamaContextSequence) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(sequence);
      };
      const onAbort = () => {
        const i = this.#waiting.indexOf(take);
        if (i !== -1) this.#waiting.splice(i, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(take);
    });
  }

  /** Gives a sequence back (to the first waiter, if any). */
  release(sequence: LlamaContextSequence): void {
    const next = this.#waiting.shift();
    if (next) next(sequence);
    else this.#free.push(sequence);
  }

  /** The grammar of a JSON schema, built once per schema. */
  grammarFor(schema: unknown): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.#grammars.get(key);
    if (!grammar) {
      grammar = this.model.llama.createGrammarForJsonSchema(schema as never);
      this.#grammars.set(key, grammar);
    }
    return grammar;
  }
}

const shared = new Map<string, Promise<SharedModel>>();

/** The resolved settings that decide whether two handles can share a model. */
export interface RuntimeSettings {
  readonly contextSize?: number;
  readonly threads: number;
  readonly gpu: LocalGpu;
  readonly parallel: number;
}

/** Settings with their defaults applied. */
export function runtimeSettings(options: LocalModelOptions): RuntimeSettings {
  return {
    contextSize: options.contextSize,
    threads: options.threads || defaultThreads(),
    gpu: options.gpu ?? false,
    parallel: Math.max(1, options.parallel ?? 1),
  };
}

async function load(path: string, settings: RuntimeSettings): Promise<SharedModel> {
  const lib = await loadNodeLlamaCpp();
  const llama = await llamaFor(lib, settings.gpu);
  let model: LlamaModel;
  try {
    model = await llama.loadModel({ modelPath: path, gpuLayers: settings.gpu === false ? 0 : 'auto' });
  } catch (error) {
    throw new LocalModelFileError(
      path,
      `llama.cpp could not load ${path} (${(error as Error).message}): the file may be damaged or truncated ` +
        '(download it again), or of an architecture this node-llama-cpp does not know',
      { cause: error },
    );
  }
  try {
    const contextSize = settings.contextSize ?? Math.min(model.trainContextSize, DEFAULT_CONTEXT_CAP);
    const context = await model.createContext({
      contextSize,
      threads: settings.threads,
      sequences: settings.parallel,
    });
    return new SharedModel(lib, path, model, context, settings.parallel);
  } catch (error) {
    await model.dispose();
    throw error;
  }
}

/** The shared model for `path` and `settings`, loading it on first use; the caller holds a reference. */
export async function acquireSharedModel(path: string, settings: RuntimeSettings): Promise<SharedModel> {
  const key = JSON.stringify([path, settings]);
  let entry = shared.get(key);
  if (!entry) {
    entry = load(path, settings);
    shared.set(key, entry);
    entry.catch(() => shared.delete(key));
  }
  const model = await entry;
  model.refs++;
  return model;
}

/** Drops a reference; the last one frees the context and the model. */
export async function releaseSharedModel(model: SharedModel, settings: RuntimeSettings): Promise<void> {
  model.refs--;
  if (model.refs > 0) return;
  shared.delete(JSON.stringify([model.path, settings]));
  await model.context.dispose();
  await model.model.dispose();
}
