/**
 * Checks model-written SQL before it runs: exactly one statement, a SELECT (or WITH ... SELECT),
 * no statement or function that writes, changes the schema, or reaches outside the view. It
 * tokenizes, so text inside string literals, quoted identifiers and comments never counts.
 */

import { VigilError } from '../../ingest/errors/catalogue.js';

/** Stable codes of SQL errors (rows of the catalogue, `ingest/errors/catalogue.ts`). */
export type SqlErrorCode = 'SQL_NOT_SELECT' | 'SQL_FORBIDDEN' | 'SQL_MULTIPLE_STATEMENTS' | 'SQL_TIMEOUT' | 'SQL_SYNTAX' | 'SQL_TOO_LARGE';

/** An error of the SQL view, with a stable code and a message meant to be shown to a model. */
export class SqlError extends VigilError<SqlErrorCode> {}

/** A token: a bare word, a quoted identifier, a string or number literal, or punctuation. */
export interface SqlToken {
  kind: 'word' | 'ident' | 'string' | 'number' | 'punct';
  /** Words and identifiers lower-cased; other tokens as written. */
  text: string;
  pos: number;
}

/** Keywords that never appear in a read-only query. */
const FORBIDDEN_WORDS = new Set([
  'insert',
  'update',
  'delete',
  'create',
  'drop',
  'alter',
  'pragma',
  'attach',
  'detach',
  'vacuum',
  'reindex',
  'analyze',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'upsert',
]);

/** Functions that reach outside the database or change the engine. */
const FORBIDDEN_FUNCTIONS = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer', 'sqlite_dbpage', 'zipfile', 'fsdir']);

const isWordStart = (ch: string): boolean => /[A-Za-z_\u0080-\uffff]/.test(ch);
const isWordPart = (ch: string): boolean => /[A-Za-z0-9_$\u0080-\uffff]/.test(ch);

/** Splits SQL into tokens, dropping whitespace and comments. Throws SQL_SYNTAX on an unterminated literal or comment. */
export function tokenize(sql: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  const n = sql.length;
  const closeQuoted = (q: string, start: number, what: string): number => {
    let j = start + 1;
    for (;;) {
      const k = sql.indexOf(q, j);
      if (k < 0) throw new SqlError('SQL_SYNTAX', `unterminated ${what} starting at character ${start}`);
      if (q !== ']' && sql[k + 1] === q) {
        j = k + 2; // doubled quote is an escaped quote
        continue;
      }
      return k + 1;
    }
  };
  while (i < n) {
    const ch = sql[i] ?? '';
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const k = sql.indexOf('\n', i);
      i = k < 0 ? n : k + 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const k = sql.indexOf('*/', i + 2);
      if (k < 0) throw new SqlError('SQL_SYNTAX', `unterminated comment starting at character ${i}`);
      i = k + 2;
    } else if (ch === "'") {
      const end = closeQuoted("'", i, 'string literal');
      out.push({ kind: 'string', text: sql.slice(i, end), pos: i });
      i = end;
    } else if ((ch === 'x' || ch === 'X') && sql[i + 1] === "'") {
      const end = closeQuoted("'", i + 1, 'blob literal');
      out.push({ kind: 'string', text: sql.slice(i, end), pos: i });
      i = end;
    } else if (ch === '"' || ch === '`' || ch === '[') {
      const end = closeQuoted(ch === '[' ? ']' : ch, i, 'quoted identifier');
      out.push({ kind: 'ident', text: sql.slice(i + 1, end - 1).toLowerCase(), pos: i });
      i = end;
    } else if (isWordStart(ch)) {
      let j = i + 1;
      while (j < n && isWordPart(sql[j] ?? '')) j++;
      out.push({ kind: 'word', text: sql.slice(i, j).toLowerCase(), pos: i });
      i = j;
    } else if (/[0-9.]/.test(ch) && /[0-9]/.test(ch === '.' ? (sql[i + 1] ?? '') : ch)) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(sql[j] ?? '')) j++;
      out.push({ kind: 'number', text: sql.slice(i, j), pos: i });
      i = j;
    } else {
      out.push({ kind: 'punct', text: ch, pos: i });
      i++;
    }
  }
  return out;
}

/** What a checked statement reads. */
export interface CheckedSql {
  /** The statement, without trailing semicolons. */
  sql: string;
  /** Lower-cased bare and quoted identifiers (to know which tables to project). */
  identifiers: Set<string>;
}

/** Throws `SqlError` unless `sql` is exactly one read-only SELECT (or WITH ... SELECT). */
export function checkSql(sql: string): CheckedSql {
  const tokens = tokenize(sql);
  if (tokens.length === 0) throw new SqlError('SQL_NOT_SELECT', 'empty query: send one SELECT statement');
  // one statement: every ';' must be trailing
  const firstSemi = tokens.findIndex((t) => t.kind === 'punct' && t.text === ';');
  if (firstSemi >= 0 && tokens.slice(firstSemi).some((t) => !(t.kind === 'punct' && t.text === ';'))) {
    throw new SqlError('SQL_MULTIPLE_STATEMENTS', 'only one statement is allowed: remove everything after the first ";"');
  }
  const body = firstSemi >= 0 ? tokens.slice(0, firstSemi) : tokens;
  if (body.length === 0) throw new SqlError('SQL_NOT_SELECT', 'empty query: send one SELECT statement');
  for (let k = 0; k < body.length; k++) {
    const t = body[k];
    if (!t || t.kind !== 'word') continue;
    const next = body[k + 1];
    const prev = body[k - 1];
    // a column reference like `objects.update` or an alias after AS is still a bare word; keywords are not preceded by '.'
    if (prev?.kind === 'punct' && prev.text === '.') continue;
    if (FORBIDDEN_WORDS.has(t.text)) throw new SqlError('SQL_FORBIDDEN', `${t.text.toUpperCase()} is not allowed: the view is read-only; send one SELECT statement`);
    if (t.text === 'replace' && next?.kind === 'word' && next.text === 'into') throw new SqlError('SQL_FORBIDDEN', 'REPLACE INTO is not allowed: the view is read-only; send one SELECT statement');
    if (FORBIDDEN_FUNCTIONS.has(t.text)) throw new SqlError('SQL_FORBIDDEN', `function ${t.text}() is not allowed`);
  }
  const head = body[0];
  if (!head || head.kind !== 'word' || (head.text !== 'select' && head.text !== 'with')) {
    throw new SqlError('SQL_NOT_SELECT', `only SELECT (or WITH ... SELECT) queries are allowed, got ${head ? `"${sql.slice(head.pos, head.pos + 20).split(/\s/)[0] ?? ''}"` : 'nothing'}`);
  }
  if (head.text === 'with' && !body.some((t) => t.kind === 'word' && t.text === 'select')) throw new SqlError('SQL_NOT_SELECT', 'WITH must be followed by a SELECT');
  const last = body[body.length - 1];
  const end = last ? (firstSemi >= 0 ? (tokens[firstSemi]?.pos ?? sql.length) : sql.length) : sql.length;
  const identifiers = new Set(body.filter((t) => t.kind === 'word' || t.kind === 'ident').map((t) => t.text));
  return { sql: sql.slice(0, end), identifiers };
}
