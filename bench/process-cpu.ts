import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// CPU time (user and system) used by the API process and by the PostgreSQL server's processes,
// read from /proc, so a benchmark can say what one operation costs each side and not only how
// many ran. On a machine whose cores are all busy a ratio of throughputs is a ratio of CPU per
// operation, and this says whose CPU it is. Linux only.

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Seconds of CPU the process has used, or 0 once it has ended. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** Seconds of CPU used so far by each process named `postgres` (the server's backends and workers). */
export function postgresCpuByPid(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), processCpuSeconds(Number(entry)));
    } catch {
      // The process ended while the list was read.
    }
  }
  return byPid;
}

/**
 * Seconds of CPU the whole machine has spent busy (user, nice, system, irq, softirq; not idle,
 * I/O wait or time stolen by the hypervisor), from /proc/stat. On a machine whose cores are all
 * busy, this over the operations run is what one operation costs, whoever spent it.
 */
export function machineBusySeconds(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/) ?? [];
    const [user, nice, system, , , irq, softirq] = fields.slice(1).map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) / ticksPerSecond;
  } catch {
    return 0;
  }
}

export type CpuPerOperation = {
  /** The API process's; absent when no process was named. */
  serverUs?: number;
  postgresUs: number;
  /** The whole machine's: the measured processes, the load generator and anything else running. */
  machineUs: number;
};

/**
 * Starts measuring; `stop(operations)` answers the microseconds of CPU per operation. PostgreSQL's
 * is summed per process over those alive at the end (a backend started meanwhile counts whole;
 * one that ended meanwhile, such as a checkpoint's connection or pgbench's, is left out, so its
 * time too; the machine's counts it).
 */
export function measureCpu(serverPid?: number): { stop: (operations: number) => CpuPerOperation } {
  const server = serverPid === undefined ? 0 : processCpuSeconds(serverPid);
  const postgres = postgresCpuByPid();
  const machine = machineBusySeconds();
  return {
    stop(operations) {
      const per = (seconds: number) => (operations > 0 ? (seconds / operations) * 1e6 : Number.NaN);
      let postgresSeconds = 0;
      for (const [pid, seconds] of postgresCpuByPid()) postgresSeconds += seconds - (postgres.get(pid) ?? 0);
      return {
        ...(serverPid === undefined ? {} : { serverUs: per(processCpuSeconds(serverPid) - server) }),
        postgresUs: per(postgresSeconds),
        machineUs: per(machineBusySeconds() - machine),
      };
    },
  };
}
