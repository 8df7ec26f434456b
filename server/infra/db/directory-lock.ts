import fs from "node:fs";
import os from "node:os";

export class DirectoryLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database is already in use by another process (pid ${holderPid}). ` +
        `Stop that process, or give this one another DATA_DIR. Lock file: ${lockPath}`,
    );
    this.name = "DirectoryLockedError";
  }
}

/**
 * Who holds a lock. A pid alone is not enough: after a crash and a container restart the pid in
 * a stale lock is often taken by another live process (pid 1 or a low number), so the lock also
 * names the process's start time and the boot and host it ran on. Fields that cannot be read on
 * this system (no /proc) are null and not compared.
 */
export type LockHolder = {
  pid: number;
  /** Start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
  startTime: string | null;
  /** /proc/sys/kernel/random/boot_id: changes at every boot of the kernel. */
  bootId: string | null;
  /** A container gets a new hostname when it is recreated. */
  hostname: string;
};

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
function processStartTime(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state), so field 22 is fields[19].
  return fields[19] ?? null;
}

export function currentHolder(pid = process.pid): LockHolder {
  return {
    pid,
    startTime: processStartTime(pid),
    bootId: readOrNull("/proc/sys/kernel/random/boot_id"),
    hostname: os.hostname(),
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The holder a lock file names: JSON, or a bare pid as written by earlier versions. */
function parseLockFile(text: string): LockHolder | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    return { pid: Number(trimmed), startTime: null, bootId: null, hostname: os.hostname() };
  }
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockHolder>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid ?? 0) <= 0) return null;
    return {
      pid: parsed.pid as number,
      startTime: typeof parsed.startTime === "string" ? parsed.startTime : null,
      bootId: typeof parsed.bootId === "string" ? parsed.bootId : null,
      hostname: typeof parsed.hostname === "string" ? parsed.hostname : "",
    };
  } catch {
    return null;
  }
}

/** Lock files this process holds: a second open of the same folder in-process is refused too. */
const heldHere = new Set<string>();

/**
 * Whether the process a lock names still runs. Any difference in host, boot or start time means
 * the pid now belongs to someone else; our own pid on a lock we did not take means a stale lock
 * (a restarted container often gives the new process the old one's pid).
 */
function isHeld(lockPath: string, holder: LockHolder): boolean {
  if (holder.pid === process.pid) return heldHere.has(lockPath);
  const now = currentHolder(holder.pid);
  if (holder.hostname && holder.hostname !== now.hostname) return false;
  if (holder.bootId && now.bootId && holder.bootId !== now.bootId) return false;
  if (!isAlive(holder.pid)) return false;
  if (holder.startTime && now.startTime && holder.startTime !== now.startTime) return false;
  return true;
}

// Linux reports process start times in USER_HZ ticks, 100 a second on every architecture.
const TICKS_PER_SECOND = 100;

/** Whether the process started (well) after the lock file was last written. */
function startedAfter(pid: number, lockPath: string): boolean {
  const startTicks = Number(processStartTime(pid));
  const bootSeconds = Number(/^btime (\d+)$/m.exec(readOrNull("/proc/stat") ?? "")?.[1]);
  if (!startTicks || !bootSeconds) return false;
  const startedMs = bootSeconds * 1000 + (startTicks * 1000) / TICKS_PER_SECOND;
  try {
    return startedMs > fs.statSync(lockPath).mtimeMs + 2_000;
  } catch {
    return false;
  }
}

/**
 * PGlite takes no lock on its folder and two processes on one folder corrupt it, so we take
 * one: a file created exclusively, naming this process (see LockHolder). A lock whose holder no
 * longer runs (a crash, `kill -9`, a restarted container) is taken over.
 */
export function acquireDirectoryLock(lockPath: string): { release(): void } {
  const mine = JSON.stringify(currentHolder());
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx", 0o600);
      try {
        fs.writeSync(fd, mine);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, "utf8") === mine) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let text: string;
      try {
        text = fs.readFileSync(lockPath, "utf8");
      } catch {
        // Removed meanwhile: try again.
        continue;
      }
      const holder = parseLockFile(text);
      // An unreadable lock (a crash between create and write) protects nothing, nor does a bare
      // pid of an earlier version whose process started after the lock was written.
      if (holder && isHeld(lockPath, holder) && !startedAfter(holder.pid, lockPath)) {
        throw new DirectoryLockedError(lockPath, holder.pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
