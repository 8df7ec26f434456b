import fs from "node:fs";

function cpuTimes(): { total: number; idle: number } | null {
  try {
    const fields = (fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    // idle + iowait: the time no task wanted a CPU.
    return {
      total: fields.reduce((sum, value) => sum + value, 0),
      idle: (fields[3] ?? 0) + (fields[4] ?? 0),
    };
  } catch {
    return null;
  }
}

/**
 * How idle the whole machine was over the next `ms` milliseconds, in percent (Linux /proc/stat;
 * null elsewhere). On shared cores it says whether a run's figures can be trusted at all.
 */
export async function machineIdlePercent(ms = 2_000): Promise<number | null> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return null;
  return Math.round((1000 * (after.idle - before.idle)) / (after.total - before.total)) / 10;
}
