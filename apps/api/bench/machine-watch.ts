/**
 * What the whole machine did in each second of a phase, to tell a slow second the API caused
 * from one it suffered: CPU busy and stolen (by the host) across all cores from /proc/stat,
 * time waiting on the disk, PostgreSQL's autovacuum workers and checkpoints.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

interface Second {
  busyPct: number;
  stealPct: number;
  iowaitPct: number;
  /** Tables an autovacuum worker was seen on in this second. */
  autovacuum: Set<string>;
  checkpoints: number;
}

function cpuTimes() {
  // "cpu user nice system idle iowait irq softirq steal ...", in clock ticks since boot.
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
    line.trim().split(/\s+/).slice(1).map(Number);
  return {
    busy: user + nice + system + irq + softirq,
    idle,
    iowait,
    steal,
  };
}

/**
 * The CPU time (user + system, ms) of every PostgreSQL process on this machine so far (its
 * backends, WAL writer, checkpointer…), from /proc: the database's own share of a phase when it
 * runs on the same box, as here. Null where there is no /proc (not Linux). Processes that ended
 * are not counted (a pooled backend lives through the run).
 */
export function postgresCpuMs(): number | null {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!name.startsWith('postgres')) continue;
      // After "pid (name) ": state, then utime and stime are the 12th and 13th fields.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_S;
}

/** Linux's USER_HZ, the unit of /proc's times (100 on every Linux this runs on). */
const CLOCK_TICKS_PER_S = 100;

async function checkpoints(monitor: pg.Client): Promise<number> {
  const { rows } = await monitor.query<{ n: number }>(
    'SELECT (checkpoints_timed + checkpoints_req)::int AS n FROM pg_stat_bgwriter',
  );
  return rows[0]!.n;
}

export async function watchMachine(monitor: pg.Client) {
  const seconds: Second[] = [];
  let current: Second = {
    busyPct: 0,
    stealPct: 0,
    iowaitPct: 0,
    autovacuum: new Set(),
    checkpoints: 0,
  };
  let lastCpu = cpuTimes();
  let lastCheckpoints = await checkpoints(monitor);
  let running = true;
  const closeSecond = async () => {
    const cpu = cpuTimes();
    const d = (k: keyof typeof cpu) => cpu[k] - lastCpu[k];
    const total = Math.max(1, d('busy') + d('idle') + d('iowait') + d('steal'));
    current.busyPct = (100 * d('busy')) / total;
    current.stealPct = (100 * d('steal')) / total;
    current.iowaitPct = (100 * d('iowait')) / total;
    lastCpu = cpu;
    const n = await checkpoints(monitor);
    current.checkpoints = n - lastCheckpoints;
    lastCheckpoints = n;
    seconds.push(current);
    current = { busyPct: 0, stealPct: 0, iowaitPct: 0, autovacuum: new Set(), checkpoints: 0 };
  };
  const sampling = (async () => {
    let secondStarted = performance.now();
    while (running) {
      const { rows } = await monitor.query<{ query: string }>(
        `SELECT query FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND query <> ''`,
      );
      for (const r of rows) current.autovacuum.add(r.query.replace(/^autovacuum:\s*/, ''));
      if (performance.now() - secondStarted >= 1000) {
        secondStarted += 1000;
        await closeSecond();
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop(): Promise<string[]> {
      running = false;
      await sampling;
      return seconds.map(
        (s) =>
          `${s.busyPct.toFixed(0)}%` +
          (s.stealPct >= 1 ? ` steal ${s.stealPct.toFixed(0)}%` : '') +
          (s.iowaitPct >= 1 ? ` iowait ${s.iowaitPct.toFixed(0)}%` : '') +
          (s.checkpoints ? ' checkpoint' : '') +
          (s.autovacuum.size ? ` autovacuum(${[...s.autovacuum].join('; ')})` : ''),
      );
    },
  };
}
