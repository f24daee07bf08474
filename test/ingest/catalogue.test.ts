import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode, VigilError, type ErrorCode } from '../../ingest/errors/catalogue.js';
import { errorBody, errorOf, errorReply } from '../../ingest/errors/reply.js';

test('every code of the catalogue has an HTTP status, a public code that is itself public, a message and a class', () => {
  assert.ok(ERROR_CODES.length >= 30);
  for (const code of ERROR_CODES) {
    const e = ERROR_CATALOGUE[code];
    assert.ok(Number.isInteger(e.status) && e.status >= 400 && e.status <= 599, `${code}: status ${e.status}`);
    assert.ok(isErrorCode(e.wire), `${code}: public code ${e.wire} is in the catalogue`);
    assert.equal(ERROR_CATALOGUE[e.wire].wire, e.wire, `${code}: ${e.wire} is public (answers as itself)`);
    assert.ok(e.message.length > 3, code);
    assert.match(e.owner, /^[A-Z][A-Za-z]*Error$/, code);
    assert.match(code, /^[A-Z][A-Z_]*$/, code);
  }
  assert.equal(isErrorCode('NOPE'), false);
  assert.equal(isErrorCode('toString'), false);
});

test('the documented public codes keep their names and statuses', () => {
  const documented: [ErrorCode, number][] = [
    ['BAD_JSON', 400],
    ['BAD_REQUEST', 400],
    ['UNKNOWN_TYPE', 400],
    ['PAYLOAD_TOO_LARGE', 413],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['METHOD_NOT_ALLOWED', 405],
    ['RULE_INVALID', 422],
    ['RULES_NO_MODEL', 501],
    ['ASK_FAILED', 500],
    ['BUSY', 503],
    ['NO_FRAME', 503],
    ['NOT_READY', 503],
    ['INTERNAL', 500],
  ];
  for (const [code, status] of documented) {
    assert.equal(ERROR_CATALOGUE[code].wire, code);
    assert.equal(ERROR_CATALOGUE[code].status, status, code);
  }
});

test('a VigilError carries its code, the status of the table, a default message and details', () => {
  const e = new VigilError('NO_FRAME', undefined, { camera: 'c' });
  assert.equal(e.code, 'NO_FRAME');
  assert.equal(e.status, 503);
  assert.equal(e.message, ERROR_CATALOGUE.NO_FRAME.message);
  assert.deepEqual(e.details, { camera: 'c' });
  assert.equal(e.name, 'VigilError');
  assert.ok(e instanceof Error);
});

test('the reply of any thrown value: its code and status, INTERNAL for anything else', () => {
  const own = errorReply(new VigilError('FORBIDDEN', 'needs admin'), { id: 'r1' });
  assert.deepEqual(own, { status: 403, body: { status: 'error', code: 'FORBIDDEN', message: 'needs admin', id: 'r1' }, unexpected: false });
  const plain = errorReply(new Error('boom'));
  assert.deepEqual(plain, { status: 500, body: { status: 'error', code: 'INTERNAL', message: 'boom' }, unexpected: true });
  assert.equal(errorReply(new Error('boom'), { reveal: false }).body.message, 'internal error');
  assert.equal(errorBody('a string').message, 'a string');
  assert.deepEqual(errorBody(new TypeError('x'), { fallback: 'ASK_FAILED' }), { status: 'error', code: 'ASK_FAILED', message: 'x' });
  assert.deepEqual(errorOf('BUSY', 'later', null), { status: 'error', code: 'BUSY', message: 'later', id: null });
  // an internal code is answered with its public code, the status of its own row, and is logged
  const internal = errorReply(new VigilError('MEMORY_NOT_WRITABLE', 'disk full'));
  assert.deepEqual(internal, { status: 503, body: { status: 'error', code: 'INTERNAL', message: 'disk full' }, unexpected: true });
});
