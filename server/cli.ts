// The operator's commands:
// `npm run cli -- create-admin <email>`: adds an admin with a generated password, printed once.
// `npm run cli -- backup <dir> [--encrypt]`: database dump and stored files, while the app runs;
//   encrypted with BACKUP_PASSPHRASE when set, or with one asked for on the terminal (--encrypt).
// `npm run cli -- restore <dir> [--force]`: into an empty DATA_DIR or the DATABASE_URL database.
import { openDatabase } from "./db";
import { createAdmin, generatePassword } from "./domain/auth/create-admin";
import { loadServerEnv } from "./env";
import { createBackup } from "./infra/backup/backup";
import { askNewPassphrase, askPassphrase, canAskForPassphrase } from "./infra/backup/passphrase-prompt";
import { restoreBackup } from "./infra/backup/restore";
import { DirectoryLockedError } from "./infra/db/directory-lock";

const USAGE = [
  "Usage: npm run cli -- create-admin <email> [admin|super_admin]",
  "       npm run cli -- backup <dir> [--encrypt]",
  "       npm run cli -- restore <dir> [--force]",
].join("\n");

async function main(argv: string[]) {
  const [command] = argv;
  if (command === "backup" || command === "restore") return backupCommand(command, argv.slice(1));
  return createAdminCommand(argv);
}

async function backupCommand(command: "backup" | "restore", args: string[]) {
  const force = args.includes("--force");
  const encrypt = args.includes("--encrypt");
  const [dir, ...rest] = args.filter((arg) => arg !== "--force" && arg !== "--encrypt");
  if (!dir || rest.length > 0 || (command === "backup" && force) || (command === "restore" && encrypt)) {
    console.error(USAGE);
    return 2;
  }
  let env: ReturnType<typeof loadServerEnv>;
  try {
    env = loadServerEnv();
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const started = Date.now();
  try {
    if (command === "backup") {
      let passphrase = env.BACKUP_PASSPHRASE;
      if (!passphrase && encrypt) {
        if (!canAskForPassphrase()) {
          console.error("--encrypt needs BACKUP_PASSPHRASE, or a terminal to ask for the passphrase in");
          return 1;
        }
        passphrase = await askNewPassphrase();
      }
      const { dir: written, manifest } = await createBackup(env, dir, { passphrase });
      const rows = Object.values(manifest.counts.rows).reduce((sum, count) => sum + count, 0);
      console.info(
        `Backup written to ${written} in ${Date.now() - started} ms${passphrase ? ", encrypted" : ""}: ` +
          `${manifest.database.kind} database ` +
          `(${rows} rows, dumped ${manifest.database.via === "api" ? "through the running API" : `by ${manifest.database.via}`}), ` +
          `${manifest.counts.objects} stored files (${manifest.counts.objectBytes} bytes).`,
      );
      if (!passphrase) {
        console.warn(
          "Not encrypted: the backup holds the token signing key and AUTH_SECRET, enough to sign in as anyone " +
            "and read every second factor. Set BACKUP_PASSPHRASE or pass --encrypt to encrypt it.",
        );
      }
    } else {
      const passphrase = env.BACKUP_PASSPHRASE;
      const result = await restoreBackup(env, dir, {
        force,
        passphrase: passphrase ? async () => passphrase : canAskForPassphrase() ? askPassphrase : undefined,
      });
      console.info(
        `Restored the ${result.encrypted ? "encrypted " : ""}backup of ${result.manifest.createdAt} into ` +
          `${result.target} in ${Date.now() - started} ms: ` +
          `${result.rows} rows, ${result.objects} stored files. Start the API on it now.`,
      );
    }
    return 0;
  } catch (error) {
    console.error(`${command === "backup" ? "Backup" : "Restore"} failed: ${(error as Error).message}`);
    return 1;
  }
}

async function createAdminCommand(argv: string[]) {
  const [command, email, role = "admin"] = argv;
  if (command !== "create-admin" || !email || !["admin", "super_admin"].includes(role)) {
    console.error(USAGE);
    return 2;
  }
  const env = loadServerEnv();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      console.error(`${error.message}\nThe embedded database allows one process: stop the API first.`);
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    const password = generatePassword();
    await createAdmin(database.db, { email, password, role: role as "admin" | "super_admin" });
    console.info(`Created ${role} ${email}\nPassword (shown once): ${password}`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
