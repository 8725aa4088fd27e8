// Random short lines over bash's special characters, read by the parser and
// run by the real bash (its commands `a` and `b` print their arguments): for
// every line the parser calls plain, bash runs nothing the parser did not
// list, with the same words. A fixed seed keeps the run the same each time.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadShellParser } from '../src/index.ts';

const parser = await loadShellParser();
const empty = mkdtempSync(join(tmpdir(), 'kodama-shell-'));
after(() => rmSync(empty, { recursive: true, force: true }));

const ALPHABET = [...'abab  ;&|\n"\'\\$()`#{}<>=*,x![]-.\t'];
const PRINTERS = `a() { printf '%s\\0' a "$@"; printf '\\n'; }; b() { printf '%s\\0' b "$@"; printf '\\n'; }; x() { :; }`;

/** A small deterministic generator (an LCG), so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

test('differential: bash runs no command a plain line does not show, with the same words', () => {
  const random = generator(20261201);
  const wrong: string[] = [];
  let plain = 0;
  for (let n = 0; n < 6000 && wrong.length < 5; n++) {
    let line = '';
    for (let i = 3 + Math.floor(random() * 14); i > 0; i--)
      line += ALPHABET[Math.floor(random() * ALPHABET.length)];
    const read = parser.parse(line);
    if (read.beyond.length > 0 || !read.commands.every((c) => c.name === 'a' || c.name === 'b')) continue;
    if (!read.commands.every((c) => c.words.every((w) => w.literal))) continue;
    plain++;
    const run = spawnSync('bash', ['-c', `${PRINTERS}\n${line}`], { encoding: 'utf8', cwd: empty });
    const seen = new Set(read.commands.map((c) => JSON.stringify([c.name, ...c.args])));
    const ran = run.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.stringify(l.split('\0').slice(0, -1)));
    if (ran.some((r) => !seen.has(r)) || /syntax error|not found/.test(run.stderr))
      wrong.push(`${JSON.stringify(line)}: parser ${[...seen]} bash ${ran} ${run.stderr}`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(plain > 50, `only ${plain} plain lines were tried`);
});

test('differential: a line with a character bash and tree-sitter read differently is never plain', () => {
  for (const c of ['\r', '\f', '\v', '\u0000', '\u00a0', '\u2028', '\u200b', '\ufeff'])
    assert.ok(parser.parse(`npm test${c}#;touch x`).beyond.includes('control character'), JSON.stringify(c));
});
