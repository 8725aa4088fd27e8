// The librarian persona on the agent tool, its corpus tools over a real
// index, the models over HTTP against the scripted server.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Agent } from '@kodama/core';
import { Corpus, corpusTools, MemoryDatabase } from '@kodama/memory';
import { CORPUS_READ_TOOL, CORPUS_SEARCH_TOOL } from '@kodama/memory/tool-names';
import { resolveModel } from '@kodama/models';
import { librarianPersona, subAgents } from '@kodama/subagents';
import { type RecordedRequest, type ScriptedReply, startOpenAICompatibleServer } from '@kodama/testkit';

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const c of cleanups) await c();
});

interface ChatBody {
  messages: Array<{ role: string; content: unknown }>;
}

test('the librarian answers from the index with corpus_search and corpus_read only', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kodama-librarian-'));
  await mkdir(join(dir, 'docs'));
  await writeFile(join(dir, 'docs', 'backup.md'), '# Backups\nBackups run nightly at 02:00 to the NAS.\n');
  const script = (r: RecordedRequest): ScriptedReply => {
    const { messages } = r.body as ChatBody;
    const system = String(messages.find((m) => m.role === 'system')?.content);
    const tools = messages.filter((m) => m.role === 'tool').length;
    if (system.startsWith('You are LIBRARIAN')) {
      if (tools === 0)
        return { toolCalls: [{ name: 'corpus_search', arguments: { query: 'backups schedule' } }] };
      return { text: 'Nightly at 02:00 (docs/backup.md).' };
    }
    if (tools === 0)
      return {
        toolCalls: [{ name: 'agent', arguments: { name: 'librarian', task: 'When do backups run?' } }],
      };
    return { text: 'Backups run nightly at 02:00.' };
  };
  const server = await startOpenAICompatibleServer({ script });
  const db = await MemoryDatabase.open({ url: ':memory:' });
  cleanups.push(async () => {
    db.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const corpus = await Corpus.open({ db, root: dir });
  await corpus.reindex();
  const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
  const agent = new Agent({
    model,
    systemPrompt: 'You are the parent.',
    configure: (c) => {
      for (const tool of corpusTools(corpus)) c.addSubAgentTool(tool);
      c.addExtension(subAgents({ personas: [librarianPersona([CORPUS_SEARCH_TOOL, CORPUS_READ_TOOL])] }));
    },
  });
  assert.equal(await agent.turn('When do backups run?'), 'Backups run nightly at 02:00.');
  const librarianCalls = server.modelCalls.filter((r) =>
    String((r.body as ChatBody).messages[0]?.content).startsWith('You are LIBRARIAN'),
  );
  const offered = (librarianCalls[0]!.body as { tools: Array<{ function: { name: string } }> }).tools.map(
    (t) => t.function.name,
  );
  assert.deepEqual(offered, ['corpus_search', 'corpus_read']);
  const result = (librarianCalls[1]!.body as ChatBody).messages.find((m) => m.role === 'tool');
  assert.match(String(result?.content), /\[1\] docs\/backup\.md › Backups lines 1-2/);
  // Private data, no untrusted content, no egress: a silent branch of the map.
  const report = agent.trifecta();
  assert.equal(report.verdict, 'silent');
  await agent.close();
});
