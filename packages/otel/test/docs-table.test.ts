// docs/otel.md shows what a real Run records: its attribute tables are
// exactly those the Run in support/attribute-table.ts produces today.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { attributeTables } from './support/attribute-table.ts';

test("docs/otel.md's attribute tables are a real Run's", async () => {
  const page = readFileSync(new URL('../../../docs/otel.md', import.meta.url), 'utf8');
  const shown = /<!-- attribute-tables:start -->\n([\s\S]*?)<!-- attribute-tables:end -->/.exec(page)?.[1];
  assert.ok(shown, 'the page marks its tables');
  assert.equal(
    shown,
    await attributeTables(),
    'regenerate them with the command in support/attribute-table.ts',
  );
});
