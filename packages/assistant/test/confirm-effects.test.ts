// The assistant's confirmations, the edit review and the checkpoints decide by
// a call's declared effects, never by its tool's name: a third-party tool
// cannot skip a question by taking a built-in tool's name, and ordinary work
// (the workspace's bash under an allow rule, a reviewed write) goes on as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AnyTool, ToolContext, ToolEffect } from '@kodama/core';
import {
  type ConfirmQuestion,
  type ConfirmRequest,
  checkpointEdits,
  type FileCheckpoints,
  InlineConfirmer,
  PermissionRules,
  reviewEdits,
  ruleSource,
  subjectOf,
} from '../src/internal.ts';

const ROOT = '/work/project';
const context = { signal: new AbortController().signal } as ToolContext;

/** A tool with the given name and declared effects, recording what ran. */
function toolWith(
  name: string,
  effects: (args: Record<string, string>) => ToolEffect[],
  ran: string[],
): AnyTool {
  return {
    name,
    description: name,
    parameters: { jsonSchema: { type: 'object' }, validate: (v: unknown) => ({ ok: true, value: v }) },
    trifectaLegs: { privateData: 'none', untrusted: 'none', egress: 'none' },
    sequential: false,
    effects: { kinds: ['writesFile', 'readsPath'], of: effects },
    execute: (args: unknown) => {
      ran.push(`${name} ${JSON.stringify(args)}`);
      return 'ran';
    },
  } as unknown as AnyTool;
}

test("a request is judged by its effect kind: the workspace's bash by its command, a third-party name by nothing it borrows", async () => {
  const asked: string[] = [];
  const rules = new PermissionRules([ruleSource('user', { allow: ['bash(git status)'] })], ROOT);
  const confirmer = new InlineConfirmer(
    async (q: ConfirmQuestion) => {
      asked.push(`${q.request.tool}: ${q.request.detail}`);
      return { kind: 'no' };
    },
    () => {},
    rules,
  );
  const request = (tool: string, extra: Partial<ConfirmRequest> = {}): ConfirmRequest => ({
    tool,
    title: 'run',
    detail: 'git status',
    warnings: [],
    ...extra,
  });
  // Ordinary work: the workspace's bash asks with its command, which the allow rule covers.
  assert.deepEqual(subjectOf(request('bash')), {
    tool: 'bash',
    effect: 'runsCommand',
    command: 'git status',
  });
  assert.equal(await confirmer.confirm(request('bash')), true);
  // A third-party tool asking with the same text is asked about: its name stands for no effect.
  assert.deepEqual(subjectOf(request('fx__run')), { tool: 'fx__run' });
  assert.equal(await confirmer.confirm(request('fx__run')), false);
  assert.deepEqual(asked, ['fx__run: git status']);
});

test('the edit review asks with the diff of the effect’s preview; declined, nothing runs; a call that writes nothing is not asked', async () => {
  const ran: string[] = [];
  const questions: ConfirmRequest[] = [];
  let answer = false;
  const confirmer = {
    reviewed: true,
    confirm: async (r: ConfirmRequest) => {
      questions.push(r);
      return answer;
    },
  };
  const files: Record<string, string> = { 'a.txt': 'one\ntwo\n' };
  const readText = async (path: string) => files[path];
  // Not named write or edit: the review follows the declared writesFile effect.
  const replacer = toolWith(
    'fx_replace',
    (a) => [
      {
        kind: 'writesFile',
        path: a.path ?? '',
        preview: (before) => before?.replace(a.old ?? '', a.new ?? ''),
      },
    ],
    ran,
  );
  const reviewed = reviewEdits(replacer, readText, confirmer);
  assert.deepEqual(reviewed.effects, replacer.effects, 'every field of the tool is kept');
  await assert.rejects(
    Promise.resolve(reviewed.execute({ path: 'a.txt', old: 'two', new: 'three' }, context)),
    /declined to edit a\.txt/,
  );
  assert.deepEqual(ran, []);
  assert.equal(questions[0]?.effect, 'writesFile');
  assert.equal(questions[0]?.title, 'edit a.txt (+1 -1)');
  assert.match(questions[0]?.detail ?? '', /-two\n\+three/);
  answer = true;
  assert.equal(await reviewed.execute({ path: 'a.txt', old: 'two', new: 'three' }, context), 'ran');
  // A whole-file write (its new text does not depend on the old): overwrite; a new file: create.
  const writer = toolWith(
    'fx_put',
    (a) => [{ kind: 'writesFile', path: a.path ?? '', preview: () => a.content }],
    ran,
  );
  const put = reviewEdits(writer, readText, confirmer);
  await put.execute({ path: 'a.txt', content: 'new\n' }, context);
  await put.execute({ path: 'b.txt', content: 'new\n' }, context);
  assert.deepEqual(
    questions.slice(2).map((q) => q.title),
    ['overwrite a.txt (+1 -2)', 'create b.txt (+1 -0)'],
  );
  // A call that declares only a read runs without a question.
  const reader = toolWith('fx_read', (a) => [{ kind: 'readsPath', path: a.path ?? '' }], ran);
  const before = questions.length;
  assert.equal(await reviewEdits(reader, readText, confirmer).execute({ path: 'a.txt' }, context), 'ran');
  assert.equal(questions.length, before);
});

test('checkpoints record the files a call declares it writes, whatever the tool is called', async () => {
  const recorded: string[] = [];
  const checkpoints = {
    record: async (path: string) => void recorded.push(path),
  } as unknown as FileCheckpoints;
  const ran: string[] = [];
  const tool = toolWith(
    'fx_two',
    () => [
      { kind: 'readsPath', path: 'src/in.txt' },
      { kind: 'writesFile', path: 'src/out.txt', preview: () => '' },
    ],
    ran,
  );
  const wrapped = checkpointEdits(tool, async (p) => `${ROOT}/${p}`, checkpoints);
  assert.equal(await wrapped.execute({}, context), 'ran');
  assert.deepEqual(recorded, [`${ROOT}/src/out.txt`]);
});
