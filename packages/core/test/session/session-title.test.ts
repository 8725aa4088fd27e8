// sessionTitle: the first user message with text, whitespace collapsed, trimmed, cut to 80 characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { HistoryMessage } from '@kodama/core/history';
import { sessionTitle, TITLE_MAX_LENGTH } from '@kodama/core/session';

const said = (content: HistoryMessage['message'] & { role: 'user' }, kind: 'user' | 'injected' = 'user') =>
  ({ id: 'm', kind, message: content }) as HistoryMessage;

test('the first user message with text names the session', () => {
  assert.equal(
    sessionTitle([
      said({ role: 'user', content: 'from an extension' }, 'injected'),
      said({ role: 'user', content: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }] }),
      said({ role: 'user', content: '  \t\n ' }),
      said({
        role: 'user',
        content: [
          { type: 'text', text: ' Fix\n\nthe ' },
          { type: 'text', text: 'build ' },
        ],
      }),
      said({ role: 'user', content: 'later' }),
    ]),
    'Fix the build',
  );
  assert.equal(sessionTitle([said({ role: 'user', content: 'x' }, 'injected')]), undefined);
  assert.equal(sessionTitle([]), undefined);
});

test('a long title is cut to 80 characters with an ellipsis, counting code points', () => {
  const emoji = '🙂'.repeat(100);
  const title = sessionTitle([said({ role: 'user', content: emoji })])!;
  assert.equal(Array.from(title).length, TITLE_MAX_LENGTH);
  assert.equal(title, `${'🙂'.repeat(79)}…`);
  const exact = 'a'.repeat(80);
  assert.equal(sessionTitle([said({ role: 'user', content: exact })]), exact);
  // No space left before the ellipsis.
  assert.equal(
    sessionTitle([said({ role: 'user', content: `${'a'.repeat(78)} bcd` })]),
    `${'a'.repeat(78)}…`,
  );
});
