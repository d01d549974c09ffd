import { describe, expect, it } from 'vitest';
import type { Queryable } from './database';
import { measureReplicaLag } from './replica-database';

// The lag of a streaming replica (decision 0038), from what the replica and the primary answer.
// The age of the last replayed commit grows while the primary is idle: it counts only while
// the replica has not replayed the primary's current WAL position.
function answering(row: Record<string, unknown> | undefined): Queryable {
  return { query: async <Row extends object>() => (row ? [row as Row] : []), exec: async () => {} };
}

const standby = (replayAgeMs: number | null, replayLsn: string | null = '0/3000060') =>
  answering({ recovery: true, replay_lsn: replayLsn, replay_age_ms: replayAgeMs });

describe('measureReplicaLag', () => {
  it('is 0 on an idle primary whose every write is replayed, however old the last commit', async () => {
    expect(await measureReplicaLag(answering({ bytes: 0 }), standby(3_600_000))()).toBe(0);
  });

  it('is the age of the last replayed commit while WAL is still to replay', async () => {
    expect(await measureReplicaLag(answering({ bytes: 8192 }), standby(1_234.4))()).toBe(1_234);
  });

  it('is unbounded before the replica has replayed anything', async () => {
    expect(await measureReplicaLag(answering({ bytes: 0 }), standby(null, null))()).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(await measureReplicaLag(answering({ bytes: 10 }), standby(null))()).toBe(Number.POSITIVE_INFINITY);
  });

  it('is 0 for a server not in recovery (the primary itself, or a pooler in front of it)', async () => {
    const primary = answering({ bytes: 0 });
    expect(
      await measureReplicaLag(
        primary,
        answering({ recovery: false, replay_lsn: null, replay_age_ms: null }),
      )(),
    ).toBe(0);
  });
});
