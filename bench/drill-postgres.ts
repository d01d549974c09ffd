import { execFile } from 'node:child_process';
import { appendFile, chown, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// A throwaway PostgreSQL primary and its synchronous streaming replica for the scale-out drill
// (bench/drill-scale.ts), from the installed binaries, in folders of the drill's own. PostgreSQL
// refuses to run as root, so as root every binary runs as the `postgres` OS user, in folders
// owned by it. Decision 0037 says why the replica is synchronous.

const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
export const REPLICA_NAME = 'drill_replica';

async function pgBinary(name: string, args: string[]): Promise<string> {
  const [command, fullArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, name), ...args]]
    : [join(BIN, name), args];
  const { stdout } = await run(command, fullArgs, { maxBuffer: 1 << 22 });
  return stdout;
}

/** A folder the PostgreSQL binaries may write (owned by `postgres` when we run as root). */
export async function ownedFolder(path: string): Promise<string> {
  await mkdir(path, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(path, Number(stdout), Number(gid));
  }
  return path;
}

export class Cluster {
  constructor(
    readonly name: string,
    readonly dataDir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get log(): string {
    return `${this.dataDir}.log`;
  }

  start(): Promise<string> {
    return pgBinary('pg_ctl', ['start', '-w', '-t', '60', '-D', this.dataDir, '-l', this.log]);
  }

  /** `immediate` is a crash: no checkpoint, the next start replays the WAL. */
  stop(mode: 'fast' | 'immediate'): Promise<string> {
    return pgBinary('pg_ctl', ['stop', '-w', '-m', mode, '-D', this.dataDir]);
  }

  promote(): Promise<string> {
    return pgBinary('pg_ctl', ['promote', '-w', '-t', '60', '-D', this.dataDir]);
  }

  async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops whatever is left, ignoring a cluster that is not running. */
  async kill(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
  }
}

function settings(port: number, socketDir: string): string {
  return [
    '',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${socketDir}'`,
    'shared_buffers = 64MB',
    'max_connections = 100',
    'wal_keep_size = 256MB',
    'fsync = on',
    '',
  ].join('\n');
}

/**
 * initdb a primary, start it, pg_basebackup a standby streaming from it, start that, and make
 * the primary wait for the standby on every commit (synchronous_commit = on: the commit's WAL
 * is flushed on both before the client hears of it).
 */
export async function createPair(
  base: string,
  primary: Cluster,
  replica: Cluster,
  synchronous = true,
): Promise<void> {
  await ownedFolder(base);
  const socketDir = await ownedFolder(join(base, 'sockets'));
  const ports = { primary: primary.port, replica: replica.port };
  // --auth=trust: a throwaway cluster on 127.0.0.1; its pg_hba.conf lets replication in too.
  await pgBinary('initdb', [
    '-D',
    primary.dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-instructions',
  ]);
  await appendFile(
    join(primary.dataDir, 'postgresql.conf'),
    `${settings(ports.primary, socketDir)}synchronous_commit = on\nsynchronous_standby_names = '${synchronous ? REPLICA_NAME : ''}'\n`,
  );
  await primary.start();
  // Until the standby connects, commits would wait for it: take the copy first (base backups do
  // not wait), start the standby, then check that it streams synchronously.
  await pgBinary('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(ports.primary),
    '-U',
    'postgres',
    '-D',
    replica.dataDir,
    '-X',
    'stream',
    '-R',
    '-c',
    'fast',
  ]);
  await appendFile(
    join(replica.dataDir, 'postgresql.auto.conf'),
    `${settings(ports.replica, socketDir)}primary_conninfo = 'host=127.0.0.1 port=${ports.primary} user=postgres application_name=${REPLICA_NAME}'\n`,
  );
  await replica.start();
  await waitForStandby(primary, 30_000, synchronous);
}

/** Waits until the primary reports the replica streaming (and as its synchronous standby). */
export async function waitForStandby(
  primary: Cluster,
  timeoutMs: number,
  synchronous: boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await primary
      .query<{ sync_state: string; state: string }>(
        'SELECT sync_state, state FROM pg_stat_replication WHERE application_name = $1',
        [REPLICA_NAME],
      )
      .catch(() => []);
    if (rows.some((row) => row.state === 'streaming' && (!synchronous || row.sync_state === 'sync'))) return;
    if (Date.now() > deadline) throw new Error('the replica did not stream (synchronously) in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
