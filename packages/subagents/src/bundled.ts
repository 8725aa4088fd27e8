import { readFileSync } from 'node:fs';
import { definePersona, type Persona } from './persona.ts';

// The prompts are text files in the package's prompts/ folder: src/ and dist/
// sit at the same depth, so one relative URL serves both.
function prompt(file: string): string {
  return readFileSync(new URL(`../prompts/${file}`, import.meta.url), 'utf8').trim();
}

// Each bundled persona says what kind of tools it needs; the host, which
// builds the tools (and so depends on the packages that own them), passes
// their names: this package names no other package's tool (issue 23).

/** Answers a research question from the web, citing sources; 20 steps. `web`: the tools that search the web and read pages. */
export function researcherPersona(web: readonly string[]): Persona {
  return definePersona({
    name: 'researcher',
    description: 'Researches one question on the web and answers with cited sources.',
    toolNames: web,
    systemPrompt: prompt('researcher.txt'),
    maxSteps: 20,
  });
}

/** Finds facts in the project's files; 30 steps; no egress, no mutation. `readFiles`: the tools that only read paths. */
export function fileMinerPersona(readFiles: readonly string[]): Persona {
  return definePersona({
    name: 'file_miner',
    description: "Finds facts in the project's files (read-only) and answers with path:line evidence.",
    toolNames: readFiles,
    systemPrompt: prompt('file-miner.txt'),
    maxSteps: 30,
  });
}

/**
 * Reviews a change; 30 steps. `readFiles`: the tools that only read paths;
 * `runCommand`: the one that runs a shell command (through the parent's confirmer).
 */
export function reviewerPersona(readFiles: readonly string[], runCommand: readonly string[]): Persona {
  return definePersona({
    name: 'reviewer',
    description: 'Reviews a change (a diff) for bugs, risks and missing tests; reports, never edits.',
    toolNames: [...readFiles, ...runCommand],
    systemPrompt: prompt('reviewer.txt'),
    maxSteps: 30,
  });
}

/**
 * Answers from the project's document index; 20 steps; no egress, no
 * mutation. `corpus`: the tools that search and read the index. Not in
 * {@link bundledPersonas}: a host offers it where an index exists (`kodama index`).
 */
export function librarianPersona(corpus: readonly string[]): Persona {
  return definePersona({
    name: 'librarian',
    description: "Answers a question from the project's indexed documents, citing the sources.",
    toolNames: corpus,
    systemPrompt: prompt('librarian.txt'),
    maxSteps: 20,
  });
}

/** The names of the host's tools the bundled personas use, by what the tools do. */
export interface BundledPersonaTools {
  /** Search the web and read pages (kodama's: web_search, web_scrape, fetch). */
  readonly web: readonly string[];
  /** Read the project's files, changing nothing (kodama's: read, grep, glob). */
  readonly readFiles: readonly string[];
  /** Run a shell command (kodama's: bash). */
  readonly runCommand: readonly string[];
}

/** The bundled personas (researcher, file_miner, reviewer), in the order they are listed to the model. */
export function bundledPersonas(tools: BundledPersonaTools): readonly Persona[] {
  return Object.freeze([
    researcherPersona(tools.web),
    fileMinerPersona(tools.readFiles),
    reviewerPersona(tools.readFiles, tools.runCommand),
  ]);
}
