// Code mode with artifacts, over real HTTP: a large exec result becomes an
// artifact the model reads from a program (artifact_read is in the catalog)
// or directly (it stays model-facing too).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Agent } from '@kodama/core';
import { resolveModel } from '@kodama/models';
import { type RecordedRequest, type ScriptedServer, startOpenAICompatibleServer } from '@kodama/testkit';
import { codeMode } from '../src/index.ts';

const servers: ScriptedServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

interface Body {
  messages: { role: string; content?: unknown }[];
  tools?: { function: { name: string } }[];
}

// 6,000 rows of ~10 characters: ~60,000 characters, over the 10,000-token threshold.
const BIG_PROGRAM =
  "let s = ''\nfor (let i = 0; i < 6000; i++) s += 'row ' + String(i).padStart(5, '0') + '\\n'\ns";

describe('code mode with artifacts', () => {
  test('a large exec result is an artifact; a program reads a range of it with tools.artifact_read', async () => {
    const bodies: Body[] = [];
    const server = await startOpenAICompatibleServer({
      script: (request: RecordedRequest) => {
        const body = request.body as Body;
        bodies.push(body);
        const results = body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
        if (request.callIndex === 0)
          return { toolCalls: [{ id: 'e1', name: 'exec', arguments: { source: BIG_PROGRAM } }] };
        if (request.callIndex === 1) {
          const ref = /art_[0-9a-f]{32}/.exec(results[0]!)![0];
          // The artifact holds the exec report's JSON; read rows from its value with a program.
          const source = `const r = await tools.artifact_read({ ref: '${ref}', offset: 40000, limit: 100 })\nr.slice(0, 100)`;
          return { toolCalls: [{ id: 'e2', name: 'exec', arguments: { source } }] };
        }
        return { text: 'done' };
      },
    });
    servers.push(server);
    const model = await resolveModel(`openai-compatible:${server.url}/v1@scripted-model`, { maxRetries: 0 });
    const agent = new Agent({
      model,
      systemPrompt: 'You are a test agent.',
      artifacts: true,
      configure: (c) => c.addExtension(codeMode()),
    });
    const run = await agent.ask('go');
    assert.equal(run.outcome, 'completed', String(run.error));
    // The model keeps the reader beside the controls; the catalog declares it for programs.
    assert.deepEqual(bodies[0]!.tools!.map((t) => t.function.name).sort(), [
      'artifact_read',
      'exec',
      'stop',
      'wait',
    ]);
    const system = String(bodies[0]!.messages.find((m) => m.role === 'system')!.content);
    assert.match(system, /artifact_read\(args: \{/);

    const preview = String(bodies[1]!.messages.filter((m) => m.role === 'tool')[0]!.content);
    assert.match(preview, /The whole result is stored as artifact art_[0-9a-f]{32}/);
    assert.equal(run.artifacts.length, 1);
    const whole = run.artifacts[0]!.text!;
    assert.equal(run.artifacts[0]!.toolName, 'exec');
    // The report is JSON: its rows are escaped.
    assert.ok(
      whole.includes('row 00000\\nrow 00001') && whole.includes('row 05999\\n"'),
      'the whole report is kept',
    );

    const report = JSON.parse(String(bodies[2]!.messages.filter((m) => m.role === 'tool')[1]!.content)) as {
      status: string;
      value: string;
    };
    assert.equal(report.status, 'completed');
    assert.equal(report.value, whole.slice(40000, 40100));
  });
});
