// A triage swarm: a support desk where the triage agent reads the request and
// hands it to billing or to tech (with a summary); either may answer, or hand
// back to triage when the request was not theirs. Agents decide (a swarm).
//
//   KODAMA_MODEL=openai:gpt-4.1-mini kodama run examples/triage-swarm.ts "I was charged twice this month"

import { swarm } from '@kodama/assemblies';
import { Agent } from '@kodama/core';
import { exampleModel } from './model.ts';

const model = await exampleModel();

const member = (id: string, job: string) =>
  new Agent({
    model,
    id,
    streaming: true,
    systemPrompt: `You are ${id} at a software company's support desk. ${job}`,
  });

const triage = member(
  'triage',
  'Read the request and hand it off with handoff_to_agent: money matters to billing, ' +
    'anything about the product not working to tech. Answer yourself only for anything else.',
);
const billing = member(
  'billing',
  'Answer questions about invoices, charges and refunds. If the request is not about money, hand it back to triage.',
);
const tech = member(
  'tech',
  'Answer questions about errors and how the product works. If the request is not technical, hand it back to triage.',
);

export default swarm({
  id: 'support',
  description: 'A support desk: triage hands requests to billing or tech.',
  members: { triage, billing, tech },
  start: 'triage',
  handoffs: { triage: ['billing', 'tech'], billing: ['triage'], tech: ['triage'] },
  // A request bounced between the same two members this often is a loop: stop it.
  maxHandoffRepeats: 2,
});
