import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { KodamaError } from '@kodama/core';
import { definePersona, type Persona } from './persona.ts';

/** A persona file that cannot be used: unreadable, not JSON/YAML, or a bad entry. Names the file. */
export class PersonaFileError extends KodamaError {
  /** The file. */
  readonly path: string;

  constructor(path: string, problem: string, options: { cause?: unknown } = {}) {
    super(`${path}: ${problem}`, options);
    this.path = path;
  }
}

/** A persona as a file describes it: a model is a target string, resolved by the caller. */
export interface PersonaSpec extends Omit<Persona, 'model'> {
  /** A model target (`openai:gpt-5-mini`); the caller resolves it. */
  readonly model?: string;
}

const FIELDS = new Set([
  'name',
  'description',
  'tools',
  'systemPrompt',
  'systemPromptFile',
  'maxSteps',
  'model',
]);

/**
 * Reads personas from a JSON or YAML file (YAML is a superset of JSON, so one
 * parser reads both):
 *
 * ```yaml
 * personas:
 *   - name: tester
 *     description: Runs the test suite and reports failures.
 *     tools: [bash, read]
 *     systemPromptFile: prompts/tester.md   # or systemPrompt: "..." (relative to this file)
 *     maxSteps: 15
 *     model: openai:gpt-5-mini              # optional
 * ```
 *
 * A top-level list is accepted as well.
 *
 * @throws PersonaFileError naming the file and, for a bad entry, its index and field.
 */
export async function loadPersonaFile(path: string): Promise<PersonaSpec[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new PersonaFileError(
      path,
      `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      {
        cause: error,
      },
    );
  }
  let document: unknown;
  // yaml loads here, with the first persona file: an agent without one never pays for it.
  const { parse } = await import('yaml');
  try {
    document = parse(text);
  } catch (error) {
    throw new PersonaFileError(path, `not valid JSON or YAML: ${(error as Error).message.split('\n')[0]}`, {
      cause: error,
    });
  }
  const list = Array.isArray(document) ? document : (document as { personas?: unknown } | null)?.personas;
  if (!Array.isArray(list) || list.length === 0) {
    throw new PersonaFileError(
      path,
      'expected a non-empty list of personas (a top-level list or a `personas:` key)',
    );
  }
  const specs: PersonaSpec[] = [];
  for (const [index, entry] of list.entries()) specs.push(await specOf(path, index, entry));
  return specs;
}

async function specOf(path: string, index: number, entry: unknown): Promise<PersonaSpec> {
  const at = (problem: string) => new PersonaFileError(path, `persona ${index + 1}: ${problem}`);
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw at('expected a mapping');
  const e = entry as Record<string, unknown>;
  const unknown = Object.keys(e).filter((k) => !FIELDS.has(k));
  if (unknown.length > 0) throw at(`unknown field ${unknown.join(', ')} (known: ${[...FIELDS].join(', ')})`);
  if (e.model !== undefined && typeof e.model !== 'string') throw at('model must be a target string');
  let systemPrompt = e.systemPrompt;
  if (e.systemPromptFile !== undefined) {
    if (typeof e.systemPromptFile !== 'string') throw at('systemPromptFile must be a path');
    const file = resolve(dirname(path), e.systemPromptFile);
    systemPrompt = await readFile(file, 'utf8').catch(() => {
      throw at(`cannot read systemPromptFile ${file}`);
    });
  }
  try {
    const { model: _none, ...persona } = definePersona({
      name: e.name as string,
      description: e.description as string,
      toolNames: e.tools as string[],
      systemPrompt: systemPrompt as string,
      maxSteps: e.maxSteps as number,
    });
    return e.model === undefined ? persona : { ...persona, model: e.model as string };
  } catch (error) {
    throw at((error as Error).message.replace(/^persona "[^"]*": /, '').replace('toolNames', 'tools'));
  }
}
