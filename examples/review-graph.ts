// A review graph with a retry loop: a writer drafts, a reviewer approves or
// sends the draft back with what to fix, and once approved an editor polishes
// it. Edges decide (a graph); the loop is bounded by maxSteps. Draw it with
//
//   kodama graph examples/review-graph.ts --mermaid
//   KODAMA_MODEL=openai:gpt-4.1-mini kodama run examples/review-graph.ts "A product announcement for dark mode"

import { graph } from '@kodama/assemblies';
import { Agent, ModelError } from '@kodama/core';
import { exampleModel } from './model.ts';

const model = await exampleModel();

const agent = (id: string, systemPrompt: string) => new Agent({ model, id, streaming: true, systemPrompt });

const writer = agent(
  'writer',
  'You are writer. Write the text asked for in at most 80 words. ' +
    'When given a review with a draft, rewrite that draft to address every note.',
);
const reviewer = agent(
  'reviewer',
  'You are reviewer. Review the draft you are given. On the first line answer APPROVE if it is ready to ' +
    'publish, else REVISE followed by the changes needed as a short list. Then, in both cases, repeat the ' +
    'draft you reviewed after a line "Draft:" (the next agent sees only your answer).',
);
const editor = agent(
  'editor',
  'You are editor. Return the approved draft with typos and awkward phrasing fixed, and nothing else.',
);

const approved = (review: string) => review.trimStart().toUpperCase().startsWith('APPROVE');
/** The draft a review repeats after its "Draft:" line (the whole review if it has none). */
const draftIn = (review: string) => review.split(/^Draft:/m)[1]?.trim() ?? review;

export default graph({
  id: 'review',
  description: 'Drafts a text, reviews it until approved, then polishes it.',
  nodes: {
    write: writer,
    // A provider still failing after the model client's own retries (an outage, not a bad
    // request) gets the whole review tried again, a second later, before the Run fails.
    review: {
      participant: reviewer,
      retries: 2,
      retryOn: (error) => ModelError.isInstance(error) && error.isRetryable,
      retryDelay: 1000,
    },
    polish: editor,
  },
  start: 'write',
  finish: 'polish',
  edges: [
    { from: 'write', to: 'review' },
    // The editor gets the approved draft alone, not the review around it.
    {
      from: 'review',
      to: 'polish',
      when: approved,
      label: 'approved',
      input: ({ from }) => draftIn(from[0]?.output ?? ''),
    },
    // The retry loop: back to the writer, whose input is the task and the review (with the draft).
    { from: 'review', to: 'write', when: (review) => !approved(review), label: 'revise' },
  ],
  // write + review per round and the final polish: at most three rounds.
  maxSteps: 7,
});
