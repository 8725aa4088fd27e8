// The extension's prompt section and `skill` tool, exactly as the model receives them; an empty catalog
// adds nothing; the trifecta legs follow where the skills live.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Agent, type AnyTool, ASSUMED, NONE } from '@kodama/core';
import { agentTrifecta } from '@kodama/core/trifecta';
import { ScriptedModel } from '@kodama/testkit';
import {
  loadSkillCatalog,
  SkillCatalog,
  SkillsExtension,
  sealedActivation,
  skillTool,
} from '../src/index.ts';
import { call, sentMessages, skillsAgent } from './helpers/skills-agent.ts';
import { put, putSkill, rootAndHome } from './helpers/temp-tree.ts';

/** A project with a skill in the project (with a sidecar file), one at home, and one gated. */
function project() {
  const { root, home } = rootAndHome();
  put(
    join(root, '.claude/skills/pdf/SKILL.md'),
    '---\nname: pdf\ndescription: Fill & check PDF forms <fast>.\nlicense: MIT\n---\n\n# PDF\nSee reference.md for the field list.\n\n',
  );
  put(join(root, '.claude/skills/pdf/reference.md'), 'Fields: name, date.\n');
  putSkill(
    home,
    '.agents/skills',
    'notes',
    { name: 'notes', description: 'Keep notes.' },
    'Write notes down.',
  );
  putSkill(root, '.kodama/skills', 'gated', { name: 'gated', description: 'Gated.', paths: '"src/**"' });
  return { root, home };
}

describe('the system prompt', () => {
  test('an <available_skills> block with name, description and location of each always-on skill', async () => {
    const { root, home } = project();
    const { agent, server } = await skillsAgent([{ text: 'hi' }], { root, home });
    await agent.turn('hello');
    const system = sentMessages(server, 0)[0]!;
    assert.equal(system.role, 'system');
    assert.equal(
      system.content,
      `You are a test agent.

## Skills
Skills hold instructions for particular kinds of work. When a task matches a skill's description, load the skill with the skill tool (name="<skill>") before you start, and follow it. More skills are announced in the conversation when you touch files they cover.

<available_skills>
<skill>
<name>pdf</name>
<description>Fill &amp; check PDF forms &lt;fast&gt;.</description>
<location>${join(root, '.claude/skills/pdf/SKILL.md')}</location>
</skill>
<skill>
<name>notes</name>
<description>Keep notes.</description>
<location>${join(home, '.agents/skills/notes/SKILL.md')}</location>
</skill>
</available_skills>`,
    );
    const tools = (server.modelCalls[0]!.body as { tools: { function: { name: string } }[] }).tools;
    assert.ok(tools.some((t) => t.function.name === 'skill'));
  });

  test('an empty catalog adds nothing: no section, no tool, no listener, no legs', () => {
    const extension = new SkillsExtension({ catalog: SkillCatalog.EMPTY, root: '/' });
    const agent = new Agent({
      model: new ScriptedModel([]),
      systemPrompt: 'Plain.',
      configure: (c) => c.addExtension(extension),
    });
    assert.equal(agent.systemPrompt, 'Plain.');
    assert.deepEqual(agent.tools, []);
    assert.deepEqual(extension.trifectaContribution(), {});
    assert.match(agent.describe(), /listeners=\[\]/);
  });
});

describe('the skill tool', () => {
  test('answers with the body inside <skill name> and the absolute base directory; sidecars read with read', async () => {
    const { root, home } = project();
    const { agent, events } = await skillsAgent(
      [
        call('skill', { name: 'pdf' }),
        call('read', { path: join(root, '.claude/skills/pdf/reference.md') }),
        { text: 'done' },
      ],
      { root, home },
    );
    await agent.turn('fill the form');
    const [loaded, sidecar] = events.ofType('tool-result');
    assert.equal(
      loaded?.content,
      `<skill name="pdf">
Base directory: ${join(root, '.claude/skills/pdf')}
Relative paths in this skill are relative to that directory; read its files with the read tool.

# PDF
See reference.md for the field list.
</skill>`,
    );
    assert.match(String(sidecar?.content), /Fields: name, date\./);
  });

  test('an unknown name lists the available skills; a gated one not yet promoted is not available', async () => {
    const { root, home } = project();
    const { agent, events } = await skillsAgent(
      [call('skill', { name: 'pfd' }), call('skill', { name: 'gated' }), { text: 'done' }],
      { root, home },
    );
    await agent.turn('go');
    assert.deepEqual(
      events.ofType('tool-result').map((e) => e.content),
      [
        'Error: unknown skill "pfd". Available skills: pdf, notes',
        'Error: unknown skill "gated". Available skills: pdf, notes',
      ],
    );
  });

  test('a 1 MB body is read only when the tool asks; a file gone since the scan is an Error observation', async () => {
    const { root, home } = rootAndHome();
    const body = `${'x'.repeat(99)}\n`.repeat(10_000);
    const file = putSkill(root, '.claude/skills', 'huge', { name: 'huge', description: 'Big.' }, body);
    const catalog = await loadSkillCatalog({ root, home });
    const tool = skillTool({ catalog, activation: sealedActivation(), trifectaLegs: NONE });
    const answer = String(await run(tool, { name: 'huge' }));
    assert.equal(answer.length > 1_000_000, true);
    assert.ok(answer.endsWith(`${'x'.repeat(99)}\n</skill>`));
    put(file, '---\nname: huge\ndescription: Big.\n---\nsmaller now\n');
    assert.match(String(await run(tool, { name: 'huge' })), /\nsmaller now\n<\/skill>$/);
    rmSync(file);
    assert.equal(
      await run(tool, { name: 'huge' }),
      `Error: skill "huge" could not be read from ${file} (ENOENT)`,
    );
  });

  test("a sealed activation (a sub-agent's) serves what was active when sealed and promotes nothing", async () => {
    const { root, home } = project();
    const catalog = await loadSkillCatalog({ root, home });
    const sealed = sealedActivation(['gated']);
    assert.deepEqual(sealed.activate(catalog.gated), []);
    const tool = skillTool({ catalog, activation: sealed, trifectaLegs: NONE });
    assert.match(String(await run(tool, { name: 'gated' })), /^<skill name="gated">/);
    const none = skillTool({ catalog, activation: sealedActivation(), trifectaLegs: NONE });
    assert.match(String(await run(none, { name: 'gated' })), /^Error: unknown skill "gated"/);
  });
});

describe('trifecta', () => {
  test('private when a skill lives in the project; soft-untrusted when one comes from a dependency', async () => {
    const { root, home } = rootAndHome();
    putSkill(home, '.claude/skills', 'mine');
    const homeOnly = new SkillsExtension({ catalog: await loadSkillCatalog({ root, home }), root });
    assert.deepEqual(homeOnly.trifectaContribution().legs, {
      'extension:skills': { privateData: false, untrusted: 'none', egress: 'none' },
    });
    putSkill(root, '.claude/skills', 'project');
    const inProject = new SkillsExtension({ catalog: await loadSkillCatalog({ root, home }), root });
    assert.deepEqual(inProject.trifectaContribution().legs, {
      'extension:skills': { privateData: true, untrusted: 'none', egress: 'none' },
    });
    const depHome = join(root, 'node_modules', 'kit');
    putSkill(depHome, '.agents/skills', 'from-dep');
    const withDep = new SkillsExtension({ catalog: await loadSkillCatalog({ root, home: depHome }), root });
    const legs = withDep.trifectaContribution().legs!['extension:skills']!;
    assert.deepEqual(legs, { privateData: true, untrusted: 'soft', egress: 'none' });
    const agent = new Agent({
      model: new ScriptedModel([]),
      systemPrompt: 'x',
      configure: (c) => c.addExtension(withDep),
    });
    const skill = agent.tools.find((t) => t.name === 'skill')!;
    assert.deepEqual(skill.trifectaLegs, legs, 'the tool declares the same legs');
    assert.notDeepEqual(skill.trifectaLegs, ASSUMED);
    const report = agentTrifecta('main', agent.tools, [withDep]);
    assert.match(JSON.stringify(report), /extension:skills/);
  });
});

async function run(tool: AnyTool, args: Record<string, unknown>) {
  const context = {
    signal: new AbortController().signal,
    agentId: '',
    toolCallId: 'c',
    idempotencyKey: 't:c',
    emit: () => {},
  };
  return tool.execute(args, context);
}
