// The examples under examples/, each run by the real `kodama run --json`
// against a scripted OpenAI-compatible server (named by $KODAMA_MODEL, as a
// user names a real provider): the outcome, the steps each took, and what
// each agent was given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { RecordedRequest, ScriptedReply } from '@kodama/testkit';
import { isolatedEnv, runKodama } from './support/run-kodama.ts';
import { scriptedServers } from './support/scripted-servers.ts';

const serve = scriptedServers();
const example = (name: string) => fileURLToPath(new URL(`../../../examples/${name}`, import.meta.url));

interface Call {
  readonly agent: string;
  /** The last user message. */
  readonly task: string;
  readonly tools: readonly string[];
}

function callOf(request: RecordedRequest): Call {
  const body = request.body as {
    messages: { role: string; content: unknown }[];
    tools?: { function: { name: string } }[];
  };
  const system = String(body.messages.find((m) => m.role === 'system')?.content ?? '');
  return {
    agent: /You are (\w+)/.exec(system)?.[1] ?? '?',
    task: String(body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? ''),
    tools: (body.tools ?? []).map((t) => t.function.name),
  };
}

type Event = { type: string; [key: string]: unknown };

/** Runs an example with `--json` against a server answering each agent by `route`. */
async function runExample(file: string, prompt: string, route: (call: Call) => ScriptedReply) {
  const calls: Call[] = [];
  const server = await serve((request) => {
    const call = callOf(request);
    calls.push(call);
    return route(call);
  });
  const env = isolatedEnv({ KODAMA_MODEL: `openai-compatible:${server.url}/v1@scripted-model` });
  const out = await runKodama(['run', '--json', example(file), prompt], env);
  assert.equal(out.code, 0, out.stderr);
  const events: Event[] = out.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
  const of = (type: string) => events.filter((e) => e.type === type);
  return {
    calls,
    end: events.at(-1)!,
    starts: of('assembly-step-start').map((e) => e.participant),
    transitions: of('assembly-transition').map(
      (e) => `${(e.from as string[]).join('+')}>${(e.to as string[]).join('+')}`,
    ),
    of,
  };
}

test('research-workflow: three researchers at once, then the writer with their notes in order', async () => {
  const { calls, end, starts } = await runExample('research-workflow.ts', 'Is Rust worth learning?', (c) => ({
    text: c.agent === 'writer' ? 'Mostly yes, say the notes.' : `${c.agent}: a note`,
    // The first researcher answers last: the writer still reads the notes in declaration order.
    latencyMs: c.agent === 'historian' ? 300 : 0,
  }));
  assert.deepEqual([end.type, end.outcome], ['run-end', 'completed']);
  assert.equal(end.response, 'Mostly yes, say the notes.');
  assert.deepEqual(new Set(starts.slice(0, 3)), new Set(['historian', 'practitioner', 'skeptic']));
  assert.equal(starts[3], 'writer');
  for (const c of calls.filter((c) => c.agent !== 'writer')) assert.equal(c.task, 'Is Rust worth learning?');
  assert.equal(
    calls.find((c) => c.agent === 'writer')?.task,
    'Question: Is Rust worth learning?\n\n' +
      'Notes from historian:\nhistorian: a note\n\n' +
      'Notes from practitioner:\npractitioner: a note\n\n' +
      'Notes from skeptic:\nskeptic: a note',
  );
});

test('triage-swarm: triage hands a billing question to billing, who answers', async () => {
  const { calls, end, starts, transitions } = await runExample(
    'triage-swarm.ts',
    'I was charged twice this month',
    (c) =>
      c.agent === 'triage'
        ? {
            toolCalls: [
              { name: 'handoff_to_agent', arguments: { agent: 'billing', message: 'Double charge in May.' } },
            ],
          }
        : { text: 'I have refunded the second charge.' },
  );
  assert.deepEqual([end.type, end.outcome], ['run-end', 'completed']);
  assert.equal(end.response, 'I have refunded the second charge.');
  assert.deepEqual(starts, ['triage', 'billing']);
  assert.deepEqual(transitions, ['triage>billing']);
  assert.ok(calls[0]?.tools.includes('handoff_to_agent'), 'the active member can hand off');
  assert.equal(calls.find((c) => c.agent === 'billing')?.task, 'Handoff from triage:\nDouble charge in May.');
});

test('review-graph: the reviewer sends the draft back once, a provider outage is retried, the editor gets the approved draft', async () => {
  let reviews = 0;
  const { calls, end, starts, transitions, of } = await runExample(
    'review-graph.ts',
    'Announce dark mode',
    (c): ScriptedReply => {
      if (c.agent === 'writer')
        return {
          text: c.task.includes('REVISE') ? 'Dark mode is here.' : 'Dark mode is here, finally, at last.',
        };
      if (c.agent === 'editor') return { text: 'Dark mode is here!' };
      // The first review meets an outage: three 503s use up the model client's own two retries,
      // so the step is tried again (after its retryDelay); then REVISE, then APPROVE.
      reviews++;
      if (reviews <= 3) return { fault: 'http', status: 503, retryAfterMs: 1 };
      return reviews === 4
        ? { text: 'REVISE\n- cut "finally, at last"\nDraft:\nDark mode is here, finally, at last.' }
        : { text: 'APPROVE\nDraft:\nDark mode is here.' };
    },
  );
  assert.deepEqual([end.type, end.outcome], ['run-end', 'completed']);
  assert.equal(end.response, 'Dark mode is here!');
  assert.deepEqual(starts, ['write', 'review', 'write', 'review', 'polish']);
  assert.deepEqual(transitions, ['write>review', 'review>write', 'write>review', 'review>polish']);
  const retries = of('assembly-step-retry');
  assert.equal(retries.length, 1);
  assert.equal(retries[0]?.participant, 'review');
  assert.equal(retries[0]?.errorType, 'ModelError');
  const firstReview = of('assembly-step-end').find((e) => e.participant === 'review');
  assert.equal(firstReview?.attempts, 2);
  // The writer's second draft starts from the task and the review; the editor gets the draft alone.
  assert.match(
    calls.filter((c) => c.agent === 'writer')[1]?.task ?? '',
    /^Original Task:\nAnnounce dark mode\n\n.*From review:\nREVISE/s,
  );
  assert.equal(calls.find((c) => c.agent === 'editor')?.task, 'Dark mode is here.');
});

test('an example with no model configured says how to choose one', async () => {
  const out = await runKodama(['run', example('triage-swarm.ts'), 'hi'], isolatedEnv());
  assert.equal(out.code, 1);
  assert.match(
    out.stderr,
    // It loads (kodama graph draws an example without a model); its first model call says it.
    /no model to run the example with: set KODAMA_MODEL/,
  );
});
