// The operator's commands:
// `npm run cli -- create-admin <email>`: adds an admin with a generated password, printed once.
// `npm run cli -- backup <dir> [--encrypt]`: database dump and stored files, while the app runs;
//   encrypted with BACKUP_PASSPHRASE when set, or with one asked for on the terminal (--encrypt).
// `npm run cli -- restore <dir> [--force]`: into an empty DATA_DIR or the DATABASE_URL database.
// `npm run cli -- reset-2fa <email> [reason]`: turns an account's two-factor sign-in off (the
//   last super admin lost their phone), ends its sessions and mails the owner.
// `npm run cli -- prune [--dry-run]`: runs the retention job once and prints per kind of data
//   what went (with --dry-run: what would go, and nothing is deleted).
import { type Database, openDatabase } from "./db";
import { findUserByEmail } from "./db/queries/users";
import { createAdmin, generatePassword } from "./domain/auth/create-admin";
import { removeSecondFactor } from "./domain/auth/reset-two-factor";
import { configureDisplay, displaySettingsOf } from "./domain/display-settings";
import { insertMail, type OutgoingMail } from "./domain/mail/outbox";
import { retentionSettingsOf } from "./domain/retention/retention-settings";
import { RETENTION_LABELS, runRetention } from "./domain/retention/run-retention";
import { loadServerEnv } from "./env";
import { loadAppSecrets } from "./infra/app-secrets";
import { createBackup } from "./infra/backup/backup";
import { askNewPassphrase, askPassphrase, canAskForPassphrase } from "./infra/backup/passphrase-prompt";
import { restoreBackup } from "./infra/backup/restore";
import { DirectoryLockedError } from "./infra/db/directory-lock";
import { createLogger } from "./infra/logging/logger";
import { createStorage } from "./infra/storage";

const USAGE = [
  "Usage: npm run cli -- create-admin <email> [admin|super_admin]",
  "       npm run cli -- backup <dir> [--encrypt]",
  "       npm run cli -- restore <dir> [--force]",
  "       npm run cli -- reset-2fa <email> [reason]",
  "       npm run cli -- prune [--dry-run]",
].join("\n");

async function main(argv: string[]) {
  const [command] = argv;
  if (command === "backup" || command === "restore") return backupCommand(command, argv.slice(1));
  if (command === "reset-2fa") return resetTwoFactorCommand(argv.slice(1));
  if (command === "prune") return pruneCommand(argv.slice(1));
  return createAdminCommand(argv);
}

/**
 * Runs a command's work on the API's database, migrated: an error is said in one line (exit 1)
 * and the database closed whatever happens. With the embedded database in use by the API, says
 * to stop it first.
 */
async function withDatabase(
  env: ReturnType<typeof loadServerEnv>,
  work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<number>,
): Promise<number> {
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
    return await work(database);
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

async function resetTwoFactorCommand(args: string[]) {
  const [email, ...reasonWords] = args;
  if (!email) {
    console.error(USAGE);
    return 2;
  }
  const reason = reasonWords.join(" ").trim() || "Reset by the operator from the command line.";
  const env = loadServerEnv();
  // The owner's notice is rendered here, with the API's zone and footer links.
  configureDisplay(displaySettingsOf(env));
  return withDatabase(env, async (database) => {
    const user = await findUserByEmail(database.db, email);
    if (!user) {
      console.error(`No account has the email ${email}.`);
      return 1;
    }
    if (!user.totpEnabledAt) {
      console.error(`Two-factor sign-in is not on for ${email}; nothing to reset.`);
      return 1;
    }
    // The mail goes into the outbox; the running API's sender delivers it.
    const outbox = {
      enqueue: async (db: Database, mail: OutgoingMail) => void (await insertMail(db, mail)),
      wake() {},
    };
    await removeSecondFactor(database.db, { mail: outbox, publicUrl: env.PUBLIC_URL }, user, {
      actorId: null,
      reason,
      ip: null,
    });
    console.info(
      `Two-factor sign-in of ${email} is off and its sessions ended; the owner is mailed. ` +
        "They sign in with the password and set it up again.",
    );
    return 0;
  });
}

async function pruneCommand(args: string[]) {
  const dryRun = args.includes("--dry-run");
  if (args.some((arg) => arg !== "--dry-run")) {
    console.error(USAGE);
    return 2;
  }
  const env = loadServerEnv();
  return withDatabase(env, async (database) => {
    const logger = createLogger({ level: "warn", destination: process.stderr });
    // The stored files of what goes are deleted through the API's own storage.
    const { storageSigningSecret } = await loadAppSecrets(database.db, env, (message) =>
      logger.warn(message),
    );
    const started = Date.now();
    const report = await runRetention(
      {
        db: database.db,
        storage: createStorage(env, storageSigningSecret),
        logger,
        settings: retentionSettingsOf(env),
      },
      { dryRun },
    );
    console.info(dryRun ? "Would go (dry run, nothing deleted):" : `Pruned in ${Date.now() - started} ms:`);
    for (const [key, label] of Object.entries(RETENTION_LABELS)) {
      console.info(`  ${label}: ${report[key as keyof typeof RETENTION_LABELS]}`);
    }
    if (report.failed.length > 0) {
      console.error(`Failed (see the log above; the next run retries): ${report.failed.join(", ")}`);
      return 1;
    }
    return 0;
  });
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
  return withDatabase(env, async (database) => {
    const password = generatePassword();
    await createAdmin(database.db, { email, password, role: role as "admin" | "super_admin" });
    console.info(`Created ${role} ${email}\nPassword (shown once): ${password}`);
    return 0;
  });
}

main(process.argv.slice(2)).then((code) => process.exit(code));
