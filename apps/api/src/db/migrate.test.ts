import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { MigrationChecksumError, migrate, readMigrations } from './migrate';
import { withTransaction } from './transaction';

let current: TestDatabase | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

describe('migrate', () => {
  it('applies every migration once and records its checksum', async () => {
    current = await createTestDatabase('bare');
    const all = await readMigrations();
    expect(await migrate(current.db)).toEqual(all.map((m) => m.version));
    expect(await migrate(current.db)).toEqual([]);
    const rows = await current.db.query<{ version: string; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations ORDER BY version',
    );
    expect(rows).toEqual(all.map((m) => ({ version: m.version, checksum: m.checksum })));
  });

  it('stops with a clear error when an applied migration was changed', async () => {
    current = await createTestDatabase('bare');
    const all = await readMigrations();
    await migrate(current.db, all);
    const [first, ...rest] = all;
    if (!first) throw new Error('no migrations');
    const edited = [{ ...first, checksum: 'different' }, ...rest];
    await expect(migrate(current.db, edited)).rejects.toThrow(MigrationChecksumError);
    await expect(migrate(current.db, edited)).rejects.toThrow(first.version);
  });

  it('rolls a failing migration back whole', async () => {
    current = await createTestDatabase();
    const broken = {
      version: '9999_broken',
      sql: 'CREATE TABLE half_done (id int); SELECT 1/0;',
      checksum: 'x',
    };
    await expect(migrate(current.db, [...(await readMigrations()), broken])).rejects.toThrow();
    const tables = await current.db.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'",
    );
    expect(tables).toEqual([]);
  });
});

describe('database layer', () => {
  it('reads BIGINT as an exact number and refuses values past 2^53', async () => {
    current = await createTestDatabase();
    const [row] = await current.db.query<{ value: number }>('SELECT 9007199254740991::bigint AS value');
    expect(row?.value).toBe(Number.MAX_SAFE_INTEGER);
    await expect(current.db.query('SELECT 9007199254740993::bigint AS value')).rejects.toThrow(
      /safe integer/,
    );
  });

  it('rolls a failed transaction back and keeps the audit log append-only', async () => {
    current = await createTestDatabase();
    const db = current.db;
    await expect(
      withTransaction(db, async (tx) => {
        await tx.query("INSERT INTO audit_log (actor_type, action) VALUES ('system', 'test.rollback')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.query("SELECT 1 FROM audit_log WHERE action = 'test.rollback'")).toEqual([]);
    await db.query("INSERT INTO audit_log (actor_type, action) VALUES ('system', 'test.kept')");
    await expect(db.query("UPDATE audit_log SET action = 'test.changed'")).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('retries a transaction that lost a serialization conflict', async () => {
    current = await createTestDatabase();
    let attempts = 0;
    const result = await withTransaction(current.db, async (tx) => {
      attempts++;
      if (attempts < 3) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      const [row] = await tx.query<{ one: number }>('SELECT 1 AS one');
      return row?.one;
    });
    expect(result).toBe(1);
    expect(attempts).toBe(3);
  });
});
