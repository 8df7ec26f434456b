import os from "node:os";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { serverStatusSchema } from "../../../lib/schemas/admin";
import type { Database } from "../../db";
import type { LogRingBuffer } from "../../infra/logging/logger";
import type { AppMetrics } from "../../infra/metrics/app-metrics";
import { listFailingMails } from "../mail/outbox";

export type ServerStatus = z.infer<typeof serverStatusSchema>;

const MB = 1024 * 1024;
/** How long the CPU sample runs; short enough for an admin page, long enough to mean something. */
const CPU_SAMPLE_MS = 200;
const STATUS_LOG_LINES = 50;

function splitUptime(ms: number): ServerStatus["uptime"] {
  const totalMinutes = Math.max(0, Math.floor(ms / 60_000));
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
  };
}

function cpuTimes() {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, irq, idle } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + irq + idle;
  }
  return { busy, total };
}

/**
 * CPU: the whole machine's utilisation across all cores (0-100) over a CPU_SAMPLE_MS window,
 * from the difference of two os.cpus() time readings — a real measurement, not the load average
 * (which counts waiting processes and is not a percentage). On a shared host or container it
 * includes other processes on the machine.
 */
async function machineCpuPercent(): Promise<number> {
  const start = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, CPU_SAMPLE_MS));
  const end = cpuTimes();
  const total = end.total - start.total;
  if (total <= 0) return 0;
  const percent = ((end.busy - start.busy) / total) * 100;
  return Math.round(Math.min(100, Math.max(0, percent)) * 10) / 10;
}

/**
 * GET /api/admin/server-status for this instance (each API instance answers for itself):
 * - status: online, or degraded when the database does not answer `select 1`;
 * - instance: hostname and process id;
 * - uptime: since this process started (startedAt);
 * - memory: the machine's memory in MB, used = os.totalmem() - os.freemem() (page cache counts as
 *   used on some systems), total = os.totalmem();
 * - failingMails: mails the outbox failed to deliver, from the database (so the same on every
 *   instance); empty when the database does not answer;
 * - metrics: this instance's main figures since its start (requests and their p95, sign-in
 *   failures, rate-limit refusals, job failures) and the outbox's depth and oldest unsent mail,
 *   from the same registry as its /metrics (infra/metrics);
 * - logs: the newest lines of this process's in-memory log buffer, newest first.
 */
export async function readServerStatus(deps: {
  db: Database;
  startedAt: number;
  logs: LogRingBuffer;
  metrics: AppMetrics;
  now?: () => number;
}): Promise<ServerStatus> {
  const [databaseUp, cpuUsagePercent, failingMails, metrics] = await Promise.all([
    deps.db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    machineCpuPercent(),
    listFailingMails(deps.db).catch(() => []),
    deps.metrics.summary(),
  ]);
  const total = os.totalmem();
  const free = os.freemem();
  return {
    status: databaseUp ? "online" : "degraded",
    instance: `${os.hostname()}:${process.pid}`,
    uptime: splitUptime((deps.now?.() ?? Date.now()) - deps.startedAt),
    cpuUsagePercent,
    memory: { used: Math.round((total - free) / MB), total: Math.round(total / MB) },
    failingMails,
    metrics,
    logs: deps.logs.recent(STATUS_LOG_LINES),
  };
}
