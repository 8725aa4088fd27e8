import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { InMemoryEventList } from '../../src/entries/listeners.ts';
import { Agent, type Extension, type ExtensionContext } from '../../src/index.ts';
import { echoTool, scriptedAgent } from './helpers.ts';

describe('extensions and configure', () => {
  test('configure adds tools and listeners; sub-agent tools are never sent to the model', async () => {
    const hidden = { ...echoTool(), name: 'hidden' };
    const { agent, model } = scriptedAgent([{ text: 'ok' }], {
      tools: [echoTool()],
      configureMore: (c) => c.addSubAgentTool(hidden),
    });
    await agent.turn('hi');
    assert.deepEqual(
      agent.tools.map((t) => t.name),
      ['echo'],
    );
    assert.deepEqual(
      agent.subAgentTools.map((t) => t.name),
      ['hidden'],
    );
    assert.deepEqual(
      model.calls[0]?.tools?.map((t) => t.name),
      ['echo'],
    );
  });

  test('duplicate tool names are rejected at construction', () => {
    assert.throws(
      () => scriptedAgent([], { tools: [echoTool()], configureMore: (c) => c.addSubAgentTool(echoTool()) }),
      /duplicate tool name "echo"/,
    );
  });

  test('hooks: configure, bind, snippets, onUserMessage injection, domain events, reset', async () => {
    const calls: string[] = [];
    let ctx: ExtensionContext | undefined;
    let mood = 'calm';
    const memory: Extension = {
      name: 'memory',
      configure: (c) => {
        calls.push('configure');
        c.appendSystemPrompt('Static section.');
      },
      bind: (context) => {
        calls.push('bind');
        ctx = context;
      },
      systemPromptSnippets: () => [`Mood: ${mood}.`],
      onUserMessage: (context, content) => {
        context.emit('recall', { for: content });
        return `<memory-context>user likes tea</memory-context>`;
      },
      onConversationReset: () => calls.push('reset'),
    };
    const { agent, model, events } = scriptedAgent([{ text: 'ok' }, { text: 'ok2' }], {
      configureMore: (c) => c.addExtension(memory),
    });
    assert.deepEqual(calls, ['configure', 'bind']);
    assert.equal(ctx?.agent, agent);
    await agent.turn('hello');
    assert.equal(model.calls[0]?.system, 'You are a test agent.\n\nStatic section.\n\nMood: calm.');
    assert.deepEqual(model.calls[0]?.messages, [
      { role: 'user', content: 'hello' },
      { role: 'user', content: '<memory-context>user likes tea</memory-context>' },
    ]);
    const domain = events.ofType('domain')[0];
    assert.deepEqual([domain?.name, domain?.data], ['recall', { for: 'hello' }]);
    mood = 'excited';
    agent.clearConversation();
    assert.deepEqual(calls, ['configure', 'bind', 'reset']);
    const types = events.types();
    assert.equal(types.at(-1), 'reset');
    await agent.turn('again');
    assert.match(model.calls[1]!.system!, /Mood: excited\./, 'snippets re-read on re-assembly');
  });

  test('a configure failure fires the close handlers armed so far, then rethrows', () => {
    const fired: string[] = [];
    assert.throws(
      () =>
        new Agent({
          model: new ScriptedModel([]),
          systemPrompt: 's',
          configure: (c) => {
            c.onClose(() => {
              fired.push('first');
            });
            c.onClose(() => {
              fired.push('second');
            });
            throw new Error('bad wiring');
          },
        }),
      /bad wiring/,
    );
    assert.deepEqual(fired, ['second', 'first']);
  });

  test('a bind failure also closes what was armed', () => {
    const fired: string[] = [];
    const ext: Extension = {
      name: 'x',
      configure: (c) => c.onClose(() => void fired.push('x')),
      bind: () => {
        throw new Error('bind failed');
      },
    };
    assert.throws(() => scriptedAgent([], { configureMore: (c) => c.addExtension(ext) }), /bind failed/);
    assert.deepEqual(fired, ['x']);
  });

  test('close runs handlers LIFO, isolates failures, and is idempotent', async () => {
    const fired: string[] = [];
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const ext: Extension = {
      name: 'late',
      bind: (ctx) => ctx.onClose(async () => void fired.push('from bind')),
    };
    const { agent } = scriptedAgent([], {
      configureMore: (c) => {
        c.onClose(() => void fired.push('one'));
        c.onClose(() => {
          throw new Error('two failed');
        });
        c.addExtension(ext);
      },
    });
    await agent.close();
    await agent.close();
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    assert.deepEqual(fired, ['from bind', 'one']);
    assert.equal(warnings.filter((w) => w.includes('two failed')).length, 1);
    await assert.rejects(agent.turn('x'), /is closed/);
  });

  test('the configurator is sealed after construction', () => {
    let kept: Parameters<NonNullable<Extension['configure']>>[0] | undefined;
    scriptedAgent([], {
      configureMore: (c) => {
        kept = c;
      },
    });
    assert.throws(() => kept!.addTool(echoTool()), /configure callback/);
  });

  test('listener lists derive the sub-agent view through each listener', () => {
    const shared = new InMemoryEventList();
    let ctx: ExtensionContext | undefined;
    scriptedAgent([], {
      configureMore: (c) => {
        c.addListener(shared);
        c.addListener({ name: 'parent-only', onEvent: () => {}, forSubAgent: () => undefined });
        c.addExtension({
          name: 'grab',
          bind: (x) => {
            ctx = x;
          },
        });
      },
    });
    const sub = ctx!.subAgentListeners({ id: 'sub 0' });
    sub.emit({ type: 'reset', agentId: 'sub 0', turnId: '' });
    assert.equal(shared.events.at(-1)?.agentId, 'sub 0', 'an event list is shared by reference');
    assert.equal(sub.listeners.length, 2, 'the shared list and the opted-out listener is absent');
    assert.ok(!sub.listeners.some((l) => l.name === 'parent-only'));
  });
});

describe('extension interjections and loaded history', () => {
  /** An extension that interjects a note whenever the model calls `echo`, from a tool-call listener. */
  function noteOnEcho(seen: { loaded?: number; resets: number }): Extension {
    let context: ExtensionContext | undefined;
    return {
      name: 'note',
      configure: (c) =>
        c.addListener({
          name: 'note-listener',
          onEvent: (e) => {
            if (e.type === 'tool-call' && e.name === 'echo')
              context?.interject(`<note>echo was called</note>`);
          },
        }),
      bind: (ctx) => {
        context = ctx;
      },
      onConversationReset: () => void seen.resets++,
      onHistoryLoaded: (_ctx, messages) => {
        seen.loaded = messages.length;
      },
    };
  }

  test('what an extension interjects during a tool batch reaches the very next model request', async () => {
    const seen = { resets: 0 };
    const { agent, model, events } = scriptedAgent(
      [{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'x' } }] }, { text: 'done' }],
      { tools: [echoTool()], configureMore: (c) => c.addExtension(noteOnEcho(seen)) },
    );
    await agent.turn('go');
    const second = model.calls[1]!.messages;
    assert.equal(second.at(-2)?.role, 'tool');
    assert.deepEqual(second.at(-1), { role: 'user', content: '<note>echo was called</note>' });
    const injected = events.ofType('user-turn').filter((e) => e.midLoop);
    assert.deepEqual(
      injected.map((e) => e.content),
      ['<note>echo was called</note>'],
    );
    assert.equal(agent.exportHistory().messages.at(-2)?.kind, 'injected');
  });

  test('a clear drops queued interjections; a load tells extensions what was loaded', async () => {
    const seen: { loaded?: number; resets: number } = { resets: 0 };
    let ctx: ExtensionContext | undefined;
    const { agent, model } = scriptedAgent([{ text: 'a' }, { text: 'b' }], {
      configureMore: (c) => {
        c.addExtension(noteOnEcho(seen));
        c.addExtension({
          name: 'grab',
          bind: (x) => {
            ctx = x;
          },
        });
      },
    });
    await agent.turn('one');
    const saved = agent.exportHistory();
    ctx!.interject('stale');
    agent.loadHistory(saved);
    assert.equal(seen.loaded, 2);
    assert.equal(seen.resets, 1);
    await agent.turn('two');
    assert.ok(!JSON.stringify(model.calls[1]!.messages).includes('stale'), 'a load drops what was queued');
  });
});

describe('extension tool changes', () => {
  test('a tool an extension adds mid-turn is offered from the next model request; one it removes is gone', async () => {
    let ctx: ExtensionContext | undefined;
    const { agent, model } = scriptedAgent(
      [{ toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'x' } }] }, { text: 'a' }, { text: 'b' }],
      {
        tools: [echoTool()],
        configureMore: (c) =>
          c.addExtension({
            name: 'connector',
            bind: (x) => {
              ctx = x;
            },
            configure: (cc) =>
              cc.addListener({
                name: 'on-echo',
                onEvent: (e) => {
                  if (e.type === 'tool-call') ctx?.addTool({ ...echoTool(), name: 'late' });
                },
              }),
          }),
      },
    );
    await agent.turn('go');
    assert.deepEqual(
      model.calls.map((c) => c.tools?.map((t) => t.name)),
      [['echo'], ['echo', 'late']],
    );
    assert.equal(ctx!.removeTool('late'), true);
    await agent.turn('again');
    assert.deepEqual(
      model.calls[2]?.tools?.map((t) => t.name),
      ['echo'],
    );
  });
});
