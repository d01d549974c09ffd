import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const db = await PGlite.create();
console.log('create', Date.now() - t);
t = Date.now();
await db.exec(
  `CREATE TABLE a (id int); CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END; $$;`,
);
console.log('ddl', Date.now() - t);
t = Date.now();
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const db2 = await PGlite.create({ loadDataDir: dump });
console.log('load', Date.now() - t);
t = Date.now();
console.log((await db2.query('select count(*) from a')).rows);
