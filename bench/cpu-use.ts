import fs from "node:fs";

/**
 * Where a measurement's CPU time went, per request: each server the bench started (its main
 * thread apart from its other threads: libuv's pool with argon2id, V8's garbage collector, worker
 * threads), PostgreSQL's processes, and the load generator (this process, autocannon). On two
 * cores shared by all of them, this tells what a request costs and who pays, which req/s alone
 * cannot. Read from /proc, so Linux only; elsewhere nothing is reported.
 */

// The kernel counts CPU time in clock ticks, 100 a second on Linux (USER_HZ).
const TICK_MS = 10;

const servers = new Map<number, string>();

/** A server started by the bench, to be accounted for while it runs (`pid` leads its group). */
export function trackServer(name: string, pid: number): () => void {
  servers.set(pid, name);
  return () => servers.delete(pid);
}

type ProcessTicks = { pid: number; pgrp: number; comm: string; ticks: number };

/** utime + stime, the process group and the name from a /proc/…/stat line. */
function parseStat(line: string): Omit<ProcessTicks, "pid"> | null {
  const close = line.lastIndexOf(")");
  if (close < 0) return null;
  const comm = line.slice(line.indexOf("(") + 1, close);
  // Fields after "(comm) ": state ppid pgrp session … utime (14th of the line) stime (15th).
  const fields = line.slice(close + 2).split(" ");
  return { comm, pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

function readStat(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null; // the process or thread ended meanwhile
  }
}

function allProcesses(): ProcessTicks[] {
  const out: ProcessTicks[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(`/proc/${entry}/stat`);
    const parsed = stat && parseStat(stat);
    if (parsed) out.push({ pid: Number(entry), ...parsed });
  }
  return out;
}

/** Ticks of a process's main thread (its thread id is the process id). */
function mainThreadTicks(pid: number): number {
  const stat = readStat(`/proc/${pid}/task/${pid}/stat`);
  return (stat && parseStat(stat)?.ticks) || 0;
}

type Sample = {
  /** Per label ("api main", "api threads", "postgres", "load generator"), in ms. */
  cpuMs: Map<string, number>;
  machine: { busy: number; total: number };
};

function machineTicks(): { busy: number; total: number } {
  const cpu = (readStat("/proc/stat") ?? "").split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  const total = cpu.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th numbers.
  return { busy: total - (cpu[3] ?? 0) - (cpu[4] ?? 0), total };
}

function sample(): Sample | null {
  if (process.platform !== "linux") return null;
  const cpuMs = new Map<string, number>();
  const add = (label: string, ms: number) => cpuMs.set(label, (cpuMs.get(label) ?? 0) + ms);
  const processes = allProcesses();
  for (const [leader, name] of servers) {
    // The server and whatever it forked (its process group).
    for (const proc of processes.filter((p) => p.pgrp === leader)) {
      const main = mainThreadTicks(proc.pid);
      add(`${name} main`, main * TICK_MS);
      add(`${name} threads`, (proc.ticks - main) * TICK_MS);
    }
  }
  for (const proc of processes) if (proc.comm === "postgres") add("postgres", proc.ticks * TICK_MS);
  const self = process.cpuUsage();
  add("load generator", (self.user + self.system) / 1000);
  return { cpuMs, machine: machineTicks() };
}

export type CpuUse = {
  /** CPU ms per answered request, by who spent it (labels as in `Sample`). */
  perRequestMs: Record<string, number>;
  /** How busy the whole machine was during the measurement, in % of all cores. */
  machineBusyPercent: number;
};

/** Starts counting; `end(requests)` gives the CPU per request since then, or null off Linux. */
export function startCpuCount(): { end(requests: number): CpuUse | null } {
  const before = sample();
  return {
    end(requests) {
      const after = sample();
      if (!before || !after || requests <= 0) return null;
      const perRequestMs: Record<string, number> = {};
      for (const [label, ms] of after.cpuMs) {
        const spent = ms - (before.cpuMs.get(label) ?? 0);
        // A backend that ended meanwhile takes its ticks with it; never report less than nothing.
        perRequestMs[label] = Math.max(0, Math.round((spent / requests) * 100) / 100);
      }
      const total = after.machine.total - before.machine.total;
      const busy = after.machine.busy - before.machine.busy;
      return { perRequestMs, machineBusyPercent: total > 0 ? Math.round((busy / total) * 1000) / 10 : 0 };
    },
  };
}

/** "api main 2.1 + threads 13.4, postgres 1.2, load generator 0.4 ms (machine 98 % busy)". */
export function formatCpuUse(use: CpuUse): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const label of Object.keys(use.perRequestMs)) {
    const server = label.endsWith(" main") || label.endsWith(" threads") ? label.replace(/ \w+$/, "") : null;
    if (server) {
      if (seen.has(server)) continue;
      seen.add(server);
      const main = use.perRequestMs[`${server} main`] ?? 0;
      const threads = use.perRequestMs[`${server} threads`] ?? 0;
      parts.push(`${server} main ${main.toFixed(2)} + threads ${threads.toFixed(2)}`);
    } else {
      parts.push(`${label} ${(use.perRequestMs[label] ?? 0).toFixed(2)}`);
    }
  }
  return `${parts.join(", ")} ms (machine ${use.machineBusyPercent} % busy)`;
}
