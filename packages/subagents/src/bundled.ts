import { readFileSync } from 'node:fs';
import { definePersona, type Persona } from './persona.ts';

// The prompts are text files in the package's prompts/ folder: src/ and dist/
// sit at the same depth, so one relative URL serves both.
function prompt(file: string): string {
  return readFileSync(new URL(`../prompts/${file}`, import.meta.url), 'utf8').trim();
}

/** Answers a research question from the web, citing sources: web_search, web_scrape, fetch; 20 steps. */
export const RESEARCHER: Persona = definePersona({
  name: 'researcher',
  description: 'Researches one question on the web and answers with cited sources.',
  toolNames: ['web_search', 'web_scrape', 'fetch'],
  systemPrompt: prompt('researcher.txt'),
  maxSteps: 20,
});

/** Finds facts in the project's files: read, grep, glob; 30 steps; no egress, no mutation. */
export const FILE_MINER: Persona = definePersona({
  name: 'file_miner',
  description: "Finds facts in the project's files (read-only) and answers with path:line evidence.",
  toolNames: ['read', 'grep', 'glob'],
  systemPrompt: prompt('file-miner.txt'),
  maxSteps: 30,
});

/** Reviews a change: read, grep, glob, bash (through the parent's confirmer); 30 steps. */
export const REVIEWER: Persona = definePersona({
  name: 'reviewer',
  description: 'Reviews a change (a diff) for bugs, risks and missing tests; reports, never edits.',
  toolNames: ['read', 'grep', 'glob', 'bash'],
  systemPrompt: prompt('reviewer.txt'),
  maxSteps: 30,
});

/**
 * Answers from the project's document index: corpus_search, corpus_read; 20
 * steps; no egress, no mutation. Not in {@link BUNDLED_PERSONAS}: a host
 * offers it where an index exists (`kodama index`).
 */
export const LIBRARIAN: Persona = definePersona({
  name: 'librarian',
  description: "Answers a question from the project's indexed documents, citing the sources.",
  toolNames: ['corpus_search', 'corpus_read'],
  systemPrompt: prompt('librarian.txt'),
  maxSteps: 20,
});

/** The bundled personas, in the order they are listed to the model. */
export const BUNDLED_PERSONAS: readonly Persona[] = Object.freeze([RESEARCHER, FILE_MINER, REVIEWER]);
