// A research workflow: three researchers look at the question from different
// angles at the same time, then a writer turns their notes into one answer.
// Code decides the order (a workflow); the writer's answer streams as the Run's.
//
//   KODAMA_MODEL=openai:gpt-4.1-mini kodama run examples/research-workflow.ts "Is Rust worth learning in 2026?"

import { workflow } from '@kodama/assemblies';
import { Agent } from '@kodama/core';
import { exampleModel } from './model.ts';

const model = await exampleModel();

const researcher = (id: string, angle: string) =>
  new Agent({
    model,
    id,
    streaming: true,
    systemPrompt: `You are ${id}, a researcher. Look at the question only from this angle: ${angle}. Answer in at most five short bullet points.`,
  });

const researchers = [
  researcher('historian', 'how things got to where they are'),
  researcher('practitioner', 'what people who do this every day report'),
  researcher('skeptic', 'the risks, costs and strongest objections'),
];

const writer = new Agent({
  model,
  id: 'writer',
  streaming: true,
  systemPrompt:
    'You are writer. Answer the question in two short paragraphs, using only the notes you are given, and say where the notes disagree.',
});

export default workflow(
  async (wf, question) => {
    // All three at once; the notes come back in the order listed, whatever order they finish in.
    const notes = await wf.parallel(researchers.map((r) => wf.invoke(r, { name: r.id })));
    const brief = researchers.map((r, i) => `Notes from ${r.id}:\n${notes[i]}`).join('\n\n');
    // The final step is returned unstarted: its answer is the Run's, streamed to the caller.
    return wf.invoke(writer, { input: `Question: ${question}\n\n${brief}` });
  },
  { id: 'research', description: 'Researches a question from three angles and writes one answer.' },
);
