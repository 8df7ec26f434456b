import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const INITIAL_ADMIN_FILE = "initial-admin.txt";

/**
 * The first super admin's generated password and the first invite link go to the operator
 * only: into DATA_DIR/secrets/initial-admin.txt (mode 0600) and, when a person watches a
 * terminal, onto it once as plain text. Never through the JSON logger: its lines reach the
 * admin log view and log collectors. When the output is not a terminal (a container's log
 * driver, a pipe into a file), only the file's location is printed.
 */
export function showBootstrapSecrets(options: {
  dataDir: string;
  text: string;
  terminal?: NodeJS.WriteStream;
}): string {
  const folder = path.join(options.dataDir, "secrets");
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, INITIAL_ADMIN_FILE);
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, `${options.text}\n`, { mode: 0o600, flag: "wx" });
  fs.renameSync(temporary, file);
  const terminal = options.terminal ?? process.stderr;
  terminal.write(
    terminal.isTTY
      ? `\n${options.text}\n(Also in ${file}; delete that file once you have changed the password.)\n\n`
      : `\nFirst super admin created: its sign-in details and the first invite link are in ${file} (readable by this user only).\n\n`,
  );
  return file;
}
