import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadPersonaFile, PersonaFileError } from '../src/index.ts';

async function file(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'personas-'));
  await writeFile(join(dir, 'tester.md'), 'You run tests.\n');
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('persona files', () => {
  test('YAML with a prompt file beside it, and JSON, give the same personas', async () => {
    const yaml = await file(
      'agents.yaml',
      'personas:\n  - name: tester\n    description: Runs tests.\n    tools: [bash, read]\n    systemPromptFile: tester.md\n    maxSteps: 15\n    model: openai:gpt-5-mini\n',
    );
    const json = await file(
      'agents.json',
      JSON.stringify([
        {
          name: 'tester',
          description: 'Runs tests.',
          tools: ['bash', 'read'],
          systemPrompt: 'You run tests.\n',
          maxSteps: 15,
          model: 'openai:gpt-5-mini',
        },
      ]),
    );
    const expected = [
      {
        name: 'tester',
        description: 'Runs tests.',
        toolNames: ['bash', 'read'],
        systemPrompt: 'You run tests.\n',
        maxSteps: 15,
        model: 'openai:gpt-5-mini',
      },
    ];
    assert.deepEqual(await loadPersonaFile(yaml), expected);
    assert.deepEqual(await loadPersonaFile(json), expected);
  });

  test('bad files name the path and the problem', async () => {
    const cases: [string, RegExp][] = [
      ['personas: [', /not valid JSON or YAML/],
      ['{}', /expected a non-empty list of personas/],
      [
        '- name: x\n  description: d\n  tools: []\n  systemPrompt: p\n  maxSteps: 0\n',
        /persona 1: maxSteps must be a positive integer/,
      ],
      [
        '- name: x\n  description: d\n  tools: []\n  systemPrompt: p\n  maxSteps: 2\n  temperature: 1\n',
        /persona 1: unknown field temperature/,
      ],
      [
        '- name: x\n  description: d\n  tools: []\n  systemPromptFile: missing.md\n  maxSteps: 2\n',
        /persona 1: cannot read systemPromptFile/,
      ],
    ];
    for (const [text, problem] of cases) {
      const path = await file('bad.yaml', text);
      await assert.rejects(loadPersonaFile(path), (e: unknown) => {
        assert.ok(PersonaFileError.isInstance(e));
        assert.ok(e.message.startsWith(`${path}: `), e.message);
        assert.match(e.message, problem);
        return true;
      });
    }
    await assert.rejects(
      loadPersonaFile('/nonexistent/agents.yaml'),
      /agents.yaml: cannot read it \(ENOENT\)/,
    );
  });
});
