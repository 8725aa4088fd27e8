// The door every local server uses (mcp serve --http, the AG-UI endpoint, the inspector): the
// Host must be the socket's own address, an Origin that same origin, then the bearer token.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import { isLoopback, refusalOf, sameSecret, urlHost } from '../../src/entries/local-door.ts';

function request(
  headers: Record<string, string>,
  localAddress = '127.0.0.1',
  localPort = 8787,
): IncomingMessage {
  return { headers, socket: { localAddress, localPort } } as unknown as IncomingMessage;
}

const door = { token: 'a-token-of-sixteen-chars' };
const bearer = { authorization: `Bearer ${door.token}` };

test('the door lets in the loopback Host with the token and no Origin', () => {
  assert.equal(refusalOf(request({ host: '127.0.0.1:8787', ...bearer }), door), undefined);
  assert.equal(refusalOf(request({ host: 'localhost:8787', ...bearer }), door), undefined);
  assert.equal(
    refusalOf(request({ host: '127.0.0.1:8787', origin: 'http://127.0.0.1:8787', ...bearer }), door),
    undefined,
  );
});

test('the door refuses a rebinding Host, another port and a foreign Origin with 403, token or not', () => {
  assert.equal(refusalOf(request({ host: 'evil.example:8787', ...bearer }), door)?.status, 403);
  assert.equal(refusalOf(request({ host: '127.0.0.1:9999', ...bearer }), door)?.status, 403);
  assert.equal(refusalOf(request({ ...bearer }), door)?.status, 403);
  const foreign = { host: '127.0.0.1:8787', ...bearer };
  assert.equal(refusalOf(request({ ...foreign, origin: 'http://evil.example' }), door)?.status, 403);
  assert.equal(refusalOf(request({ ...foreign, origin: 'null' }), door)?.status, 403);
  assert.equal(refusalOf(request({ ...foreign, origin: 'http://127.0.0.1:1' }), door)?.status, 403);
});

test('the door refuses a missing, wrong or non-bearer token with 401, and serves tokenless only when asked', () => {
  const host = { host: '127.0.0.1:8787' };
  assert.equal(refusalOf(request(host), door)?.status, 401);
  assert.equal(refusalOf(request({ ...host, authorization: 'Bearer wrong' }), door)?.status, 401);
  assert.equal(refusalOf(request({ ...host, authorization: door.token }), door)?.status, 401);
  assert.equal(refusalOf(request(host), { token: undefined }), undefined);
});

test('loopback, URL hosts and secret comparison', () => {
  for (const a of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1', 'localhost'])
    assert.ok(isLoopback(a), a);
  for (const a of ['0.0.0.0', '10.0.0.1', '::', 'evil.example']) assert.ok(!isLoopback(a), a);
  assert.equal(urlHost('::1', 80), '[::1]:80');
  assert.equal(urlHost('0.0.0.0', 8787), '127.0.0.1:8787');
  assert.ok(sameSecret('abc', 'abc'));
  assert.ok(!sameSecret('abd', 'abc'));
  assert.ok(!sameSecret('', ''), 'an empty token never matches');
});
