// Run by lazy-loading.test.ts in a fresh process: scans SCAN_ROOT, builds an agent with the skills
// extension, and prints on stderr the npm packages Node required (CJS) along the way.
import { createRequire } from 'node:module';
import { Agent } from '@kodama/core';
import { ScriptedModel } from '@kodama/testkit';
import { loadSkillCatalog, SkillsExtension } from '../../src/index.ts';

const root = process.env.SCAN_ROOT!;
const catalog = await loadSkillCatalog({ root, home: null });
const skills = new SkillsExtension({ catalog, root });
new Agent({ model: new ScriptedModel([]), systemPrompt: 'x', configure: (c) => c.addExtension(skills) });
process.stderr.write(Object.keys(createRequire(import.meta.url).cache).join('\n'));
