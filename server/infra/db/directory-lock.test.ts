import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startApiProcess } from "../../testing/api-process";
import { acquireDirectoryLock, currentHolder, DirectoryLockedError, type LockHolder } from "./directory-lock";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
function tempDir() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "directory-lock-test-"));
  folders.push(folder);
  return folder;
}

function lockNaming(holder: LockHolder): string {
  const lockPath = path.join(tempDir(), "pglite.lock");
  fs.writeFileSync(lockPath, JSON.stringify(holder));
  return lockPath;
}

const hasProc = fs.existsSync("/proc/self/stat");

describe("directory lock", () => {
  it("is held against others while a live process with the recorded start time has it", () => {
    // The test's parent runs for the whole test: a live process other than us.
    const lockPath = lockNaming(currentHolder(process.ppid));
    expect(() => acquireDirectoryLock(lockPath)).toThrow(DirectoryLockedError);
  });

  it.runIf(hasProc)("is taken over when its pid now belongs to a process started at another time", () => {
    // A restarted container: the stale lock's pid (here 1, as often) is alive but is someone else.
    const pidOne = currentHolder(1);
    const lockPath = lockNaming({ ...pidOne, startTime: String(Number(pidOne.startTime ?? 0) + 12345) });
    const lock = acquireDirectoryLock(lockPath);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8"))).toEqual(currentHolder());
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it.runIf(hasProc)("is taken over when it was written before the last boot", () => {
    const lockPath = lockNaming({
      ...currentHolder(process.ppid),
      bootId: "00000000-0000-0000-0000-000000000000",
    });
    acquireDirectoryLock(lockPath).release();
  });

  it("is taken over when it was written on another host (a recreated container)", () => {
    const lockPath = lockNaming({ ...currentHolder(process.ppid), hostname: `${os.hostname()}-old` });
    acquireDirectoryLock(lockPath).release();
  });

  it("is taken over when it names this very process (the pid was reused after a restart)", () => {
    const lockPath = lockNaming({ ...currentHolder(), startTime: null });
    acquireDirectoryLock(lockPath).release();
  });

  it.runIf(hasProc)(
    "is taken over when a bare pid of an earlier version names a process started later",
    () => {
      const lockPath = path.join(tempDir(), "pglite.lock");
      fs.writeFileSync(lockPath, "1");
      // Written long before pid 1 (or this test) started.
      fs.utimesSync(lockPath, new Date(0), new Date(0));
      acquireDirectoryLock(lockPath).release();
    },
  );

  it("is taken over when a bare pid of an earlier version names a process that no longer runs", () => {
    const lockPath = path.join(tempDir(), "pglite.lock");
    fs.writeFileSync(lockPath, "999999999");
    acquireDirectoryLock(lockPath).release();
  });
});

describe("an API killed with SIGKILL", () => {
  it("starts again on the same DATA_DIR, also when the stale lock's pid is reused", async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "Owner-Passw0rd!" };
    const lockPath = path.join(dataDir, "pglite.lock");
    const first = await startApiProcess(env);
    try {
      // A live API holds it.
      expect(() => acquireDirectoryLock(lockPath)).toThrow(DirectoryLockedError);
      first.kill("SIGKILL");
      expect(await first.exited).toBeNull();
    } finally {
      await first.stop();
    }
    // The lock stays behind; make it name a live process, as after a container restart.
    const stale = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockHolder;
    fs.writeFileSync(lockPath, JSON.stringify({ ...stale, pid: process.ppid }));

    const second = await startApiProcess(env);
    try {
      const login = await fetch(`http://127.0.0.1:${second.port}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "owner@example.com", password: "Owner-Passw0rd!" }),
      });
      // The data written before the crash is there.
      expect(login.status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
