// The trifecta zoo: real agents built from the real tools and personas, each
// with its verdict and worst path computed by hand from the declared legs:
//   read/grep/glob  private, untrusted none (hard with an untrusted root), no egress
//   write/edit      no legs
//   bash            private, hard, egress reviewed (a confirmer asks) / unreviewed (--yes)
//   web tools       ASSUMED: private, hard, unreviewed (fetch reaches the intranet too)
//   calculator      no legs;  an MCP-like tool without declared legs: ASSUMED
// At a sub-agent boundary untrusted drops one level; a human-reviewed channel caps egress at reviewed.
// The worst path descends while a child's subtree carries the tree verdict (in a silent tree, to the first leaf).
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { Agent, type AnyTool, defineTool } from '@kodama/core';
import type { ChannelEgress, TrifectaVerdict } from '@kodama/core/trifecta';
import { ScriptedModel } from '@kodama/testkit';
import { calculatorTool } from '@kodama/tools/calculator';
import { fetchTool } from '@kodama/tools/fetch';
import { webScrapeTool } from '@kodama/tools/scrape';
import { webSearchTool } from '@kodama/tools/search';
import { FETCH_TOOL, WEB_SCRAPE_TOOL, WEB_SEARCH_TOOL } from '@kodama/tools/tool-names';
import { alwaysDecline, autoApprove, Workspace, workspaceTools } from '@kodama/workspace';
import { BASH_TOOL, GLOB_TOOL, GREP_TOOL, READ_TOOL } from '@kodama/workspace/tool-kinds';
import { z } from 'zod';
import {
  definePersona,
  fileMinerPersona,
  type Persona,
  researcherPersona,
  reviewerPersona,
  subAgents,
} from '../src/index.ts';

// The bundled personas with the tool names kodama gives them.
const READ_FILES = [READ_TOOL, GREP_TOOL, GLOB_TOOL];
const RESEARCHER = researcherPersona([WEB_SEARCH_TOOL, WEB_SCRAPE_TOOL, FETCH_TOOL]);
const FILE_MINER = fileMinerPersona(READ_FILES);
const REVIEWER = reviewerPersona(READ_FILES, [BASH_TOOL]);

let trusted: Workspace;
let cloned: Workspace;
before(async () => {
  trusted = await Workspace.create({ projectRoot: await mkdtemp(join(tmpdir(), 'zoo-')) });
  const root = await mkdtemp(join(tmpdir(), 'zoo-cloned-'));
  cloned = await Workspace.create({ projectRoot: root, untrustedRoots: [root] });
});

const web = (): AnyTool[] => [webSearchTool(), webScrapeTool(), fetchTool()];
const files = (ws = trusted, yes = false) => {
  const t = workspaceTools(ws, { confirmer: yes ? autoApprove : alwaysDecline });
  return { read: t.read, write: t.write, edit: t.edit, grep: t.grep, glob: t.glob, bash: t.bash };
};
const mcpLike = defineTool({
  name: 'tracker__create_issue',
  description: 'An MCP tool whose server declared nothing.',
  parameters: z.object({ title: z.string() }),
  execute: () => 'ok',
});
const DELEGATOR = definePersona({
  name: 'delegator',
  description: 'Splits work.',
  toolNames: ['agent', 'calculator'],
  systemPrompt: 'You delegate.',
  maxSteps: 5,
});

interface Config {
  tools: AnyTool[];
  hidden?: AnyTool[];
  personas?: Persona[];
  channel?: ChannelEgress;
}

function agentOf(config: Config): Agent {
  return new Agent({
    model: new ScriptedModel([]),
    systemPrompt: 'zoo',
    configure: (c) => {
      for (const t of config.tools) c.addTool(t);
      for (const t of config.hidden ?? []) c.addSubAgentTool(t);
      if (config.personas)
        c.addExtension(
          subAgents({
            personas: config.personas,
            ...(config.channel ? { channelEgress: config.channel } : {}),
          }),
        );
    },
  });
}

const zoo: [string, () => Config, TrifectaVerdict, string[], string][] = [
  [
    'calculator only',
    () => ({ tools: [calculatorTool()] }),
    'silent',
    ['main'],
    'private=no untrusted=none egress=none',
  ],
  [
    'file reader (read, grep, glob)',
    () => {
      const f = files();
      return { tools: [f.read, f.grep, f.glob] };
    },
    'silent',
    ['main'],
    'private=yes untrusted=none egress=none',
  ],
  [
    'file reader over a cloned repo',
    () => {
      const f = files(cloned);
      return { tools: [f.read, f.grep, f.glob] };
    },
    'soft',
    ['main'],
    'private=yes untrusted=hard egress=none',
  ],
  [
    'coding assistant, bash confirmed',
    () => ({ tools: Object.values(files()) }),
    'soft',
    ['main'],
    'private=yes untrusted=hard egress=reviewed',
  ],
  [
    'coding assistant under --yes',
    () => ({ tools: Object.values(files(trusted, true)) }),
    'loud',
    ['main'],
    'private=yes untrusted=hard egress=unreviewed',
  ],
  [
    'coding assistant with web tools',
    () => ({ tools: [...Object.values(files()), ...web()] }),
    'loud',
    ['main'],
    'private=yes untrusted=hard egress=unreviewed',
  ],
  [
    'web tools only',
    () => ({ tools: web() }),
    'loud',
    ['main'],
    'private=yes untrusted=hard egress=unreviewed',
  ],
  [
    'MCP-like tool beside read',
    () => ({ tools: [files().read, mcpLike] }),
    'loud',
    ['main'],
    'private=yes untrusted=hard egress=unreviewed',
  ],
  [
    'researcher split out (unreviewed channel)',
    () => {
      const f = files();
      return { tools: [f.read, f.write, f.edit, f.grep, f.glob], hidden: web(), personas: [RESEARCHER] };
    },
    'loud',
    ['main', 'researcher'],
    'private=yes untrusted=soft egress=unreviewed',
  ],
  [
    'researcher split out, human-reviewed channel',
    () => {
      const f = files();
      return {
        tools: [f.read, f.grep, f.glob],
        hidden: web(),
        personas: [RESEARCHER],
        channel: 'human-reviewed',
      };
    },
    'loud',
    ['main', 'researcher'],
    'private=yes untrusted=soft egress=reviewed',
  ],
  [
    'file miner only, main writes',
    () => {
      const f = files();
      return { tools: [f.write, f.edit], hidden: [f.read, f.grep, f.glob], personas: [FILE_MINER] };
    },
    'silent',
    ['main', 'file_miner'],
    'private=yes untrusted=none egress=none',
  ],
  [
    'reviewer with confirmed bash',
    () => {
      const f = files();
      return { tools: [f.read], hidden: [f.grep, f.glob, f.bash], personas: [REVIEWER] };
    },
    'soft',
    ['main', 'reviewer'],
    'private=yes untrusted=soft egress=reviewed',
  ],
  [
    'nested delegator reaching a researcher',
    () => ({
      tools: [calculatorTool()],
      hidden: web(),
      personas: [DELEGATOR, RESEARCHER],
    }),
    'loud',
    ['main', 'delegator', 'researcher'],
    'private=yes untrusted=soft egress=unreviewed',
  ],
];

describe('the trifecta zoo', () => {
  for (const [name, build, verdict, worstPath, rootLegs] of zoo) {
    test(`${name}: ${verdict.toUpperCase()} (${worstPath.join(' → ')})`, () => {
      const report = agentOf(build()).trifecta();
      assert.equal(report.verdict, verdict);
      assert.deepEqual(report.worstPath, worstPath);
      assert.match(report.render().split('\n')[0]!, new RegExp(`^main {2}${rootLegs} {2}→`));
    });
  }

  test('the rendered map of a split-out researcher reads as a tree', () => {
    const f = files();
    const report = agentOf({ tools: [f.read], hidden: web(), personas: [RESEARCHER] }).trifecta();
    assert.equal(
      report.render(),
      [
        'main  private=yes untrusted=soft egress=unreviewed  → SOFT',
        '  - read: private=yes',
        '  - agent: private=yes untrusted=soft egress=unreviewed',
        '  researcher (channel: unreviewed)  private=yes untrusted=hard egress=unreviewed  → LOUD',
        '    - web_search: private=yes untrusted=hard egress=unreviewed',
        '    - web_scrape: private=yes untrusted=hard egress=unreviewed',
        '    - fetch: private=yes untrusted=hard egress=unreviewed',
        'verdict: LOUD  worst path: main → researcher',
      ].join('\n'),
    );
  });
});
