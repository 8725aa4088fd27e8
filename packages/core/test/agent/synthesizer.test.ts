import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { StepLimit } from '../../src/index.ts';
import { STEP_BUDGET_RESULT } from '../../src/loop/repair.ts';
import { buildEvidencePrompt, SYNTHESIZER_SYSTEM_PROMPT } from '../../src/loop/synthesizer.ts';
import { assertSendable, echoTool, messagesOf, scriptedAgent } from './helpers.ts';

describe('synthesizer fallback', () => {
  test('on exhaustion with synthesize: FallbackNotice, a tools-free request over the evidence, its answer', async () => {
    const { agent, model, events } = scriptedAgent(
      [
        { toolCalls: [{ id: 'a', name: 'echo', arguments: { text: 'fact one' } }] },
        {
          toolCalls: [
            { id: 'b', name: 'echo', arguments: { text: 'fact two' } },
            { id: 'c', name: 'echo', arguments: { text: 'never run' } },
          ],
        },
        { text: 'Synthesized: one and two.' },
      ],
      { tools: [echoTool()], stepLimit: new StepLimit(2, 'synthesize') },
    );
    const answer = await agent.turn('What are the facts?');
    assert.equal(answer, 'Synthesized: one and two.');
    assert.equal(agent.lastAssistantContent(), 'Synthesized: one and two.');
    const synthRequest = model.calls[2]!;
    assert.equal(synthRequest.tools, undefined, 'tools-free');
    assert.equal(synthRequest.system, SYNTHESIZER_SYSTEM_PROMPT);
    const prompt = String(synthRequest.messages[0]?.role === 'user' && synthRequest.messages[0].content);
    assert.match(prompt, /^Question: What are the facts\?/);
    assert.match(prompt, /echo: fact one/);
    assert.match(prompt, /echo: fact two/);
    assert.doesNotMatch(prompt, /never run/, 'calls without a result are dropped');
    const types = events.types();
    assert.ok(types.indexOf('fallback-notice') < types.lastIndexOf('assistant'));
    const synthEvents = events.events.filter((e) => e.agentId === 'synthesizer').map((e) => e.type);
    assert.deepEqual(synthEvents, ['model-start', 'assistant', 'tokens']);
    assert.equal(events.ofType('fallback-notice')[0]?.maxSteps, 2);
    assertSendable(messagesOf(agent));
    assert.equal(messagesOf(agent).at(-1)?.role, 'assistant');
  });

  test('the synthesizer id derives from the agent id', async () => {
    const { agent, events } = scriptedAgent(
      [
        {
          toolCalls: [
            { name: 'echo', arguments: { text: 'x' } },
            { name: 'echo', arguments: { text: 'y' } },
          ],
        },
        { text: 'S' },
      ],
      { tools: [echoTool()], stepLimit: new StepLimit(1, 'synthesize'), id: 'researcher 0' },
    );
    await agent.turn('q');
    assert.ok(events.events.some((e) => e.agentId === 'researcher 0_synthesizer' && e.type === 'assistant'));
  });

  test('buildEvidencePrompt drops unanswered and not-executed calls', () => {
    const prompt = buildEvidencePrompt(
      [
        { id: '1', kind: 'user', message: { role: 'user', content: 'Q?' } },
        {
          id: '2',
          kind: 'assistant',
          message: {
            role: 'assistant',
            text: '',
            toolCalls: [
              { id: 'a', name: 't', arguments: '{}' },
              { id: 'b', name: 't', arguments: '{}' },
              { id: 'c', name: 't', arguments: '{}' },
            ],
          },
        },
        { id: '3', kind: 'tool', message: { role: 'tool', toolCallId: 'a', toolName: 't', content: 'kept' } },
        {
          id: '4',
          kind: 'tool',
          message: { role: 'tool', toolCallId: 'b', toolName: 't', content: STEP_BUDGET_RESULT },
        },
      ],
      undefined,
    );
    assert.match(prompt, /^Question: Q\?/);
    assert.match(prompt, /\[tool t\(\{\}\)\] kept/);
    assert.equal(prompt.match(/\[tool /g)?.length, 1);
  });
});
