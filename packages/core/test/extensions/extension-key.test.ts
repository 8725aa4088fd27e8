// Typed extension keys: a producer declares the key of its extension, a host
// finds that extension on a real agent through it and uses it typed.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ScriptedModel } from '@kodama/testkit';
import { defineExtensionKey, type ExtensionKey, findExtension } from '../../src/extensions/extension-key.ts';
import { Agent, type Extension } from '../../src/index.ts';

/** A producer's extension with state a host reads. */
class CounterExtension implements Extension {
  static readonly key: ExtensionKey<CounterExtension> = defineExtensionKey('counter');
  readonly name: string = CounterExtension.key;
  count = 0;
  bump(): number {
    this.count += 1;
    return this.count;
  }
}

class NoteExtension implements Extension {
  static readonly key: ExtensionKey<NoteExtension> = defineExtensionKey('note');
  readonly name: string = NoteExtension.key;
  readonly notes: string[] = ['first'];
}

const ABSENT = defineExtensionKey<NoteExtension>('absent');

function agentWith(...extensions: Extension[]): Agent {
  return new Agent({
    model: new ScriptedModel([]),
    systemPrompt: 'You help.',
    configure: (c) => {
      for (const e of extensions) c.addExtension(e);
    },
  });
}

describe('extension keys', () => {
  test('are the extension name at run time', () => {
    assert.equal(CounterExtension.key, 'counter');
    assert.equal(new CounterExtension().name, 'counter');
  });

  test('findExtension returns the very extension the key names, typed, from an agent', () => {
    const counter = new CounterExtension();
    const note = new NoteExtension();
    const agent = agentWith(note, counter);
    const found = findExtension(agent.extensions, CounterExtension.key);
    assert.equal(found, counter);
    assert.equal(found?.bump(), 1);
    assert.deepEqual(findExtension(agent.extensions, NoteExtension.key)?.notes, ['first']);
  });

  test('an agent without the extension gives undefined', () => {
    assert.equal(findExtension(agentWith(new CounterExtension()).extensions, ABSENT), undefined);
    assert.equal(findExtension([], CounterExtension.key), undefined);
  });

  test('a key needs a name', () => {
    assert.throws(() => defineExtensionKey(' '), /needs a name/);
  });
});
