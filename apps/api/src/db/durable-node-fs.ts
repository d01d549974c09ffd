import { fsyncSync } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

// PGlite 0.5 starts PostgreSQL with `-F` (fsync off), and even with fsync on its Node
// filesystem (Emscripten's NODEFS) has no fsync operation and fdatasync is a no-op, so a
// commit reaches the OS page cache but never the disk: a power cut or OS crash can lose it
// (docs/decisions/0016-embedded-durability.md). This filesystem gives NODEFS a real fsync,
// and DURABLE_START_PARAMS turns fsync on with `wal_sync_method=fsync`, so every commit's
// WAL flush and every checkpoint reach the disk before PostgreSQL reports them done.

/** PGlite's default start parameters without `-F`, plus what makes fsync reach the disk. */
export const DURABLE_START_PARAMS: readonly string[] = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'full_page_writes=on',
  // fdatasync is a no-op in Emscripten; fsync goes through the stream operation below.
  '-c',
  'wal_sync_method=fsync',
];

type EmscriptenStream = { nfd?: number };
type EmscriptenModule = {
  NODEFS: { stream_ops: Record<string, unknown> };
  FS: { ErrnoError: new (errno: number) => Error };
};

const EMSCRIPTEN_EIO = 29;

/** How many fsyncs reached the disk, process-wide: tests prove commits are flushed. */
export const durabilityStats = { fsyncs: 0 };

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]): ReturnType<NodeFS['init']> {
    const result = await super.init(pg, options);
    const preRun = [...(result.emscriptenOpts.preRun ?? []), (mod: unknown) => addFsync(mod)];
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

function addFsync(mod: unknown) {
  const { NODEFS, FS } = mod as EmscriptenModule;
  NODEFS.stream_ops.fsync = (stream: EmscriptenStream) => {
    if (typeof stream.nfd !== 'number') return 0;
    try {
      fsyncSync(stream.nfd);
      durabilityStats.fsyncs++;
      return 0;
    } catch {
      // PostgreSQL treats a failed fsync as fatal (PANIC), which is what we want.
      throw new FS.ErrnoError(EMSCRIPTEN_EIO);
    }
  };
}

/**
 * Flushes every file and directory under `root` to the disk. PGlite's initdb writes the new
 * cluster without fsync, and a data directory last run with PGLITE_FSYNC=off may hold writes
 * only the page cache has; PostgreSQL itself syncs the directory only after a crash.
 */
export async function syncDirectoryTree(root: string): Promise<number> {
  let synced = 0;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() || entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
  for (const path of [...paths, root]) {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
      synced++;
    } finally {
      await handle.close();
    }
  }
  return synced;
}
