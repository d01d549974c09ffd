import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

// Every statement with parameters is sent as a named prepared statement, so each pooled
// connection parses and plans a statement text once and then only binds and executes it.
// Unnamed, PostgreSQL parsed and planned every statement on every call: on a cheap read that was
// most of the server's CPU (docs/benchmarks.md, "API over HTTP").
//
// The names are derived from the text, so one text has one name in every connection and two
// texts never share one. Statements without parameters keep the simple protocol (a migration
// script is several statements in one text, which a prepared statement cannot be).
//
// A migration that changes a table's columns does not break a statement prepared before it: a
// statement prepared through the protocol is planned again when its tables change, and pg asks
// for the columns of every answer afresh (prepared-statements.test.ts proves it on both drivers).

/** Distinct texts named per process; beyond it a statement goes unnamed (text built per call). */
export const MAX_NAMED_STATEMENTS = 2_000;

const names = new Map<string, string>();

export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED_STATEMENTS) return known;
  // 120 bits of a digest: a collision would need far more texts than the cap allows.
  const name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 20)}`;
  names.set(text, name);
  return name;
}

/** What pg is asked to run for `text` with `values`: named when it has parameters. */
export function queryConfig(text: string, values: readonly unknown[]): QueryConfig {
  if (values.length === 0) return { text };
  const name = statementName(text);
  return name === undefined ? { text, values: [...values] } : { name, text, values: [...values] };
}
