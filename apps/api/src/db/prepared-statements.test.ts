import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { MAX_NAMED_STATEMENTS, queryConfig, statementName } from './prepared-statements';
import { withTransaction } from './transaction';

describe('prepared statements', () => {
  it('names a text with parameters by its content, the same every time', () => {
    const text = 'SELECT $1::int AS one';
    expect(queryConfig(text, [1])).toEqual({ name: statementName(text), text, values: [1] });
    expect(statementName(text)).toBe(statementName(`${text}`));
    expect(statementName(text)).not.toBe(statementName('SELECT $1::int AS two'));
    expect(statementName(text)).toMatch(/^q_[A-Za-z0-9_-]{20}$/);
  });

  it('keeps the simple protocol for texts without parameters (scripts of several statements)', () => {
    expect(queryConfig('SELECT 1; SELECT 2', [])).toEqual({ text: 'SELECT 1; SELECT 2' });
  });

  it('stops naming new texts past the cap, so texts built per call cannot grow it forever', () => {
    for (let index = 0; index < MAX_NAMED_STATEMENTS + 10; index++) statementName(`SELECT ${index}, $1`);
    expect(statementName('SELECT $1 AS never_seen_before')).toBeUndefined();
    // Texts named before the cap keep their names.
    expect(statementName('SELECT 0, $1')).toMatch(/^q_/);
  });

  describe('on the database', () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase('bare');
      await test.db.exec(
        'CREATE TABLE prepared_probe (id int PRIMARY KEY, name text); INSERT INTO prepared_probe VALUES (1, $$one$$)',
      );
    });
    afterAll(() => test.cleanup());

    it('answers the same rows as an unnamed statement, call after call', async () => {
      for (let call = 0; call < 8; call++)
        expect(await test.db.query('SELECT * FROM prepared_probe WHERE id = $1', [1])).toEqual([
          { id: 1, name: 'one' },
        ]);
    });

    it('answers the new columns of a statement prepared before a migration changed them', async () => {
      const read = 'SELECT * FROM prepared_probe WHERE id = $1';
      // Prepared on every pooled connection the reads below may land on.
      await Promise.all(Array.from({ length: 12 }, () => test.db.query(read, [1])));
      await test.db.exec('ALTER TABLE prepared_probe ADD COLUMN note text');
      for (let call = 0; call < 12; call++)
        expect(await test.db.query(read, [1])).toEqual([{ id: 1, name: 'one', note: null }]);
      await test.db.exec('ALTER TABLE prepared_probe ADD COLUMN extra int');
      const rows = await withTransaction(test.db, (tx) => tx.query(read, [1]));
      expect(rows).toEqual([{ id: 1, name: 'one', note: null, extra: null }]);
    });
  });
});
