import { spawn } from "node:child_process";

/**
 * Connection settings for pg_dump and friends: the URL without its password, which goes into
 * PGPASSWORD instead, so it never shows in the process list.
 */
function libpqConnection(databaseUrl: string): { url: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env: Record<string, string> = password ? { PGPASSWORD: password } : {};
  return { url: url.toString(), env };
}

/**
 * A plain SQL dump of a PostgreSQL database with the server's pg_dump, in the same form as the
 * embedded database's (`--inserts`, no owners or grants), so either restores into either.
 * pg_dump must be at least the server's version; its own message says so otherwise.
 */
export function dumpPostgres(databaseUrl: string, pgDumpPath = "pg_dump"): Promise<string> {
  const connection = libpqConnection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(
      pgDumpPath,
      ["--inserts", "--no-owner", "--no-privileges", "--encoding=UTF8", `--dbname=${connection.url}`],
      { env: { ...process.env, ...connection.env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => {
      reject(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? new Error(
              `${pgDumpPath} was not found: install the PostgreSQL client tools (the server's version or newer)`,
            )
          : error,
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolve(Buffer.concat(chunks).toString("utf8"));
      else reject(new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
