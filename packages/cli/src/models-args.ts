import { parseArgs } from 'node:util';
import { defineCommand } from './command-entry.ts';
import { strictParse, UsageError } from './parse-support.ts';

/** `kodama models pull [<hf uri>] | list | rm <name>`. */
export interface ModelsArgs {
  readonly command: 'models';
  readonly action: 'pull' | 'list' | 'rm';
  /** `pull`: an `hf:` URI (default: the default model); `rm`: a cached model's URI or file name. */
  readonly name: string | undefined;
}

/** The usage of `kodama models`. */
export const MODELS_USAGE = `Usage: kodama models [list]
       kodama models pull [hf:<user>/<repo>/<file>.gguf]
       kodama models rm <name>

Manages the GGUF files that local: models run from (in-process llama.cpp
through node-llama-cpp, no server). list shows the cached files, their sizes
and which one is the default (what "local", and kodama with nothing else
configured, use). pull downloads a file (default: the default model) with a
progress bar, resuming a partial download. rm deletes one, named by its hf:
URI or its file name. Files live under $XDG_CACHE_HOME/kodama/models (else
~/.cache/kodama/models); HF_ENDPOINT and HF_TOKEN are honoured.
`;

const MODELS_OPTIONS = {} as const;

/** Parses the words after `kodama models`. Throws UsageError. */
export function parseModels(args: readonly string[]): ModelsArgs {
  const { positionals } = strictParse('models', () =>
    parseArgs({ args: [...args], allowPositionals: true, strict: true, options: MODELS_OPTIONS }),
  );
  const [action = 'list', name, extra] = positionals;
  if (action !== 'list' && action !== 'pull' && action !== 'rm') {
    throw new UsageError(
      `unknown models action "${action}": use list, pull [<hf uri>] or rm <name>`,
      'models',
    );
  }
  if (action === 'rm' && name === undefined)
    throw new UsageError('kodama models rm needs a model name', 'models');
  if (action === 'pull' && name !== undefined && !name.replace(/^local:/, '').startsWith('hf:')) {
    throw new UsageError(
      `kodama models pull takes an hf:<user>/<repo>/<file>.gguf URI, not "${name}"`,
      'models',
    );
  }
  if ((action === 'list' && name !== undefined) || extra !== undefined) {
    throw new UsageError(`too many arguments for kodama models ${action}`, 'models');
  }
  return { command: 'models', action, name: name?.replace(/^local:/, '') };
}

/** `kodama models`. */
export const modelsCommand = defineCommand<ModelsArgs>({
  name: 'models',
  synopsis: 'models [list]',
  summary: 'local GGUF models: list, pull [<hf uri>], rm <name>',
  usage: MODELS_USAGE,
  options: MODELS_OPTIONS,
  parse: parseModels,
  load: () => import('./models-command.ts').then((m) => m.models),
});
