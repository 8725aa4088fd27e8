// The command line's default tools, named by the owning packages (issue 23):
// which tools, in which order. The parsers import the names from the name
// modules (command-table.test.ts checks --help loads nothing more).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SKILL_TOOL } from '@kodama/skills/tool-name';
import { AGENT_TOOL } from '@kodama/subagents/tool-name';
import { CALCULATOR_TOOL, TASKS_TOOL_GROUP } from '@kodama/tools/tool-names';
import {
  BASH_KILL_TOOL,
  BASH_OUTPUT_TOOL,
  BASH_TOOL,
  EDIT_TOOL,
  GLOB_TOOL,
  GREP_TOOL,
  READ_TOOL,
  WRITE_TOOL,
} from '@kodama/workspace/tool-kinds';
import { ASSISTANT_TOOLS } from '../src/interactive-args.ts';
import { DEFAULT_TOOLS } from '../src/parse-support.ts';
import { AGENT_TOOL_NAME } from '../src/subagent-setup.ts';

test("the parsers' default tools are the names the owning packages export", () => {
  assert.deepEqual(ASSISTANT_TOOLS, [
    READ_TOOL,
    WRITE_TOOL,
    EDIT_TOOL,
    GREP_TOOL,
    GLOB_TOOL,
    BASH_TOOL,
    BASH_OUTPUT_TOOL,
    BASH_KILL_TOOL,
    CALCULATOR_TOOL,
    TASKS_TOOL_GROUP,
    SKILL_TOOL,
    AGENT_TOOL,
  ]);
  assert.deepEqual(DEFAULT_TOOLS, [CALCULATOR_TOOL]);
  assert.equal(AGENT_TOOL_NAME, AGENT_TOOL);
});
