// allowed-tools is space-delimited (the Agent Skills format): a parenthesised group stays whole;
// comma lists and YAML lists from older files still work, each with a warning saying how to write it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadSkillCatalog, parseAllowedTools } from '../src/index.ts';
import { put, rootAndHome } from './helpers/temp-tree.ts';

/** The entries and the problems' messages. */
function read(value: unknown): { tools?: readonly string[]; messages: string[] } {
  const parsed = parseAllowedTools(value);
  return {
    ...(parsed.tools ? { tools: parsed.tools } : {}),
    messages: parsed.problems.map((p) => `${p.severity}: ${p.message}`),
  };
}

describe('parseAllowedTools', () => {
  test('spaces separate entries; a parenthesised group with spaces inside is one entry', () => {
    assert.deepEqual(read('Bash(gh issue:*) Read'), { tools: ['Bash(gh issue:*)', 'Read'], messages: [] });
    assert.deepEqual(read('Bash(git:*) Bash(jq:*) Read'), {
      tools: ['Bash(git:*)', 'Bash(jq:*)', 'Read'],
      messages: [],
    });
    assert.deepEqual(read('  Read\tEdit\n Bash(git log --oneline:*)  '), {
      tools: ['Read', 'Edit', 'Bash(git log --oneline:*)'],
      messages: [],
    });
    assert.deepEqual(read('Bash(npm run (build|test):*) Read'), {
      tools: ['Bash(npm run (build|test):*)', 'Read'],
      messages: [],
    });
  });

  test('commas outside parentheses still separate, with a warning showing the spaced form', () => {
    assert.deepEqual(read('Bash(gh issue:*), Bash(gh label:*), Read, Grep'), {
      tools: ['Bash(gh issue:*)', 'Bash(gh label:*)', 'Read', 'Grep'],
      messages: [
        'warning: allowed-tools separates tools with spaces, not commas; read as 4 tools: write "allowed-tools: Bash(gh issue:*) Bash(gh label:*) Read Grep"',
      ],
    });
    assert.deepEqual(read('Read,Grep').tools, ['Read', 'Grep']);
    assert.deepEqual(read('Bash(a, b)').tools, ['Bash(a, b)'], 'a comma inside parentheses is kept');
    assert.deepEqual(read('Bash(a, b)').messages, []);
  });

  test('a YAML list is read entry by entry with a warning; other types are ignored with one', () => {
    assert.deepEqual(read(['Read', 'Bash(gh issue:*)']), {
      tools: ['Read', 'Bash(gh issue:*)'],
      messages: [
        'warning: allowed-tools is a YAML list; the format wants one string of tools separated by spaces: write "allowed-tools: Read Bash(gh issue:*)"',
      ],
    });
    assert.deepEqual(read(['Azure MCP/documentation', ' Read ']), {
      tools: ['Azure MCP/documentation', 'Read'],
      messages: [
        'warning: allowed-tools is a YAML list; the format wants one string of tools separated by spaces; a tool whose name has a space cannot be written that way, so the list is kept',
      ],
    });
    assert.deepEqual(read(['Read', 7]).tools, ['Read']);
    assert.equal(read(['Read', 7]).messages.length, 2);
    assert.deepEqual(read(42), {
      messages: [
        'warning: allowed-tools must be one string of tools separated by spaces (allowed-tools: Read Grep); ignored',
      ],
    });
    assert.deepEqual(read(undefined), { messages: [] });
  });

  test('an unclosed parenthesis is a warning; the rest is one entry', () => {
    assert.deepEqual(read('Read Bash(git log'), {
      tools: ['Read', 'Bash(git log'],
      messages: [
        'warning: allowed-tools has a "(" that is never closed; its last entry is "Bash(git log": close the parenthesis',
      ],
    });
  });

  test('the catalog keeps the parsed entries on skill.allowedTools', async () => {
    const { root, home } = rootAndHome();
    put(
      `${root}/.claude/skills/gh/SKILL.md`,
      '---\nname: gh\ndescription: GitHub issues.\nallowed-tools: Bash(gh issue:*) Read\n---\n',
    );
    put(
      `${root}/.claude/skills/old/SKILL.md`,
      '---\nname: old\ndescription: Old style.\nallowed-tools: Bash(gh issue:*), Read\n---\n',
    );
    const catalog = await loadSkillCatalog({ root, home });
    assert.deepEqual(catalog.get('gh')?.allowedTools, ['Bash(gh issue:*)', 'Read']);
    assert.deepEqual(catalog.get('old')?.allowedTools, ['Bash(gh issue:*)', 'Read']);
    assert.deepEqual(
      catalog.warnings.map((w) => `${w.skill} ${w.severity} ${w.rule}`),
      ['old warning allowed-tools'],
    );
  });
});
