// The operator's commands:
// `npm run cli -- create-admin <email>`: adds an admin with a generated password, printed once.
// `npm run cli -- backup <dir> [--encrypt]`: database dump and stored files, while the app runs;
//   encrypted with BACKUP_PASSPHRASE when set, or with one asked for on the terminal (--encrypt).
// `npm run cli -- restore <dir> [--force]`: into an empty DATA_DIR or the DATABASE_URL database.
// `npm run cli -- reset-2fa <email> [reason]`: turns an account's two-factor sign-in off (the
//   last super admin lost their phone), ends its sessions and mails the owner.
// `npm run cli -- prune [--dry-run]`: runs the retention job once and prints per kind of data
//   what went (with --dry-run: what would go, and nothing is deleted).
// `npm run cli -- reset-password <email>`: mails the owner a password reset link, as "forgot
//   password" does, and delivers it at once.
// `npm run cli -- list-admins`: admins and super admins with two-factor sign-in and status.
// `npm run cli -- test-mail <address>`: a test mail through the configured transport.
// create-admin, list-admins, reset-password and test-mail leave an audit row with no acting user
// (the operator at the server's console) and `via: "cli"` in its details; reset-2fa writes the
// domain's own, also without an acting user.
import path from "node:path";
import { and, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { type Database, openDatabase } from "./db";
import { findUserByEmail } from "./db/queries/users";
import { mailOutbox, users } from "./db/schema";
import { recordAuditEvent } from "./domain/audit/record-audit-event";
import { createAdmin, generatePassword } from "./domain/auth/create-admin";
import { RESET_TOKEN_TTL_MINUTES, sendPasswordResetByOperator } from "./domain/auth/password-reset";
import { removeSecondFactor } from "./domain/auth/reset-two-factor";
import { configureDisplay, displaySettingsOf } from "./domain/display-settings";
import { insertMail, maskEmail, type OutgoingMail } from "./domain/mail/outbox";
import { createMailSender, describeSendError } from "./domain/mail/sender";
import { retentionSettingsOf } from "./domain/retention/retention-settings";
import { RETENTION_LABELS, runRetention } from "./domain/retention/run-retention";
import { loadServerEnv, type ServerEnv } from "./env";
import { loadAppSecrets } from "./infra/app-secrets";
import { createBackup } from "./infra/backup/backup";
import { askNewPassphrase, askPassphrase, canAskForPassphrase } from "./infra/backup/passphrase-prompt";
import { restoreBackup } from "./infra/backup/restore";
import { DirectoryLockedError } from "./infra/db/directory-lock";
import { createLogger } from "./infra/logging/logger";
import { createMailer, type Mailer } from "./infra/mail";
import { createStorage } from "./infra/storage";

const COMMANDS: Array<[usage: string, what: string]> = [
  ["create-admin <email> [admin|super_admin]", "adds an admin with a generated password, shown once"],
  ["list-admins", "admins and super admins: role, two-factor sign-in, suspended or not"],
  ["reset-password <email>", 'mails the owner a password reset link, as "forgot password" does'],
  ["reset-2fa <email> [reason]", "turns two-factor sign-in off, ends the sessions, mails the owner"],
  ["test-mail <address>", "sends a test mail the configured way and says where it went"],
  ["prune [--dry-run]", "runs the retention job once (--dry-run: only says what would go)"],
  ["backup <dir> [--encrypt]", "database dump and stored files, while the app runs"],
  ["restore <dir> [--force]", "loads a backup into an empty DATA_DIR or DATABASE_URL database"],
  ["help", "shows this list"],
];
const usageWidth = Math.max(...COMMANDS.map(([usage]) => usage.length));
const USAGE = [
  "Usage: npm run cli -- <command> [arguments]",
  "",
  ...COMMANDS.map(([usage, what]) => `  ${usage.padEnd(usageWidth)}  ${what}`),
  "",
  "With the embedded database, stop the API first (backup excepted).",
].join("\n");

/** A command called with arguments it does not take: the usage, and exit code 2. */
function wrongUsage(): number {
  console.error(USAGE);
  return 2;
}

async function main(argv: string[]) {
  const [command] = argv;
  if (command === "help" || command === "--help" || command === "-h") {
    console.info(USAGE);
    return 0;
  }
  if (command === "backup" || command === "restore") return backupCommand(command, argv.slice(1));
  if (command === "reset-2fa") return resetTwoFactorCommand(argv.slice(1));
  if (command === "prune") return pruneCommand(argv.slice(1));
  if (command === "reset-password") return resetPasswordCommand(argv.slice(1));
  if (command === "list-admins") return listAdminsCommand(argv.slice(1));
  if (command === "test-mail") return testMailCommand(argv.slice(1));
  return createAdminCommand(argv);
}

/** The API's configuration, or undefined after saying in one line (or its list) what is wrong. */
function readEnv(): ServerEnv | undefined {
  try {
    return loadServerEnv();
  } catch (error) {
    console.error((error as Error).message);
    return undefined;
  }
}

/** An audit row for a command: no acting user (the operator at the console), `via: "cli"`. */
function auditCommand(
  db: Database,
  action: string,
  event: { subjectUserId?: string; details?: Record<string, unknown> } = {},
) {
  return recordAuditEvent(db, {
    action,
    actorUserId: null,
    subjectUserId: event.subjectUserId ?? null,
    details: { via: "cli", ...event.details },
    ip: null,
  });
}

/**
 * The API's mailer, quiet on stdout (the command says what happened), how it sends (`via`, for
 * messages) and, writing files, why.
 */
function commandMailer(env: ServerEnv): { mailer: Mailer; via: string; whyFiles: string } {
  const mailer = createMailer({
    transport: env.MAIL_TRANSPORT,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    dataDir: env.DATA_DIR,
    logger: createLogger({ level: "warn", destination: process.stderr }),
  });
  const whyFiles = `${env.MAIL_TRANSPORT === "files" ? "MAIL_TRANSPORT=files" : "SMTP_URL is unset"}: nothing leaves this machine`;
  // The host and port only: the URL may carry the SMTP password.
  const via =
    mailer.driver === "smtp" && env.SMTP_URL
      ? `through the SMTP server ${new URL(env.SMTP_URL).host}`
      : `as a file in ${path.join(env.DATA_DIR, "mail")} (${whyFiles})`;
  return { mailer, via, whyFiles };
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
  if (!email) return wrongUsage();
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
  if (args.some((arg) => arg !== "--dry-run")) return wrongUsage();
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
    return wrongUsage();
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

async function resetPasswordCommand(args: string[]) {
  const [email, ...rest] = args;
  if (!email || rest.length > 0) return wrongUsage();
  const env = readEnv();
  if (!env) return 1;
  // The mail is rendered here, with the API's zone and footer links.
  configureDisplay(displaySettingsOf(env));
  return withDatabase(env, async (database) => {
    const user = await findUserByEmail(database.db, email);
    if (!user || user.deletedAt) {
      console.error(`No account has the email ${email}.`);
      return 1;
    }
    const { mailer, via } = commandMailer(env);
    const logger = createLogger({ level: "warn", destination: process.stderr });
    const sender = createMailSender({ db: database.db, mailer, logger });
    // Through the outbox like every mail, then delivered now rather than by the API: with the
    // embedded database the API is stopped while this runs, and the link lives 30 minutes.
    const queued: string[] = [];
    const outbox = {
      enqueue: async (db: Database, mail: OutgoingMail) => void queued.push(await insertMail(db, mail)),
      wake() {},
    };
    try {
      await sendPasswordResetByOperator(
        { db: database.db, mail: outbox, config: { publicUrl: env.PUBLIC_URL } },
        user,
      );
      await sender.flush(queued);
    } finally {
      await mailer.close();
    }
    const [row] = await database.db
      .select({ status: mailOutbox.status, lastError: mailOutbox.lastError })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, queued));
    if (row?.status !== "sent") {
      // A running API instance (PostgreSQL) may have claimed it first, or the server refused it:
      // either way the outbox row stays and an API instance sends or retries it.
      console.error(
        row?.lastError
          ? `The password reset mail to ${email} could not be sent ${via}: ${row.lastError} ` +
              "(it stays in the outbox; the API retries it)."
          : `The password reset mail to ${email} is in the outbox; a running API instance is sending it.`,
      );
      return row?.lastError ? 1 : 0;
    }
    console.info(
      `Password reset link sent to ${email} ${via}; it is valid for ${RESET_TOKEN_TTL_MINUTES} minutes.` +
        (user.status === "suspended"
          ? " The account is suspended: it cannot sign in until an admin lifts that."
          : ""),
    );
    return 0;
  });
}

async function listAdminsCommand(args: string[]) {
  if (args.length > 0) return wrongUsage();
  const env = readEnv();
  if (!env) return 1;
  return withDatabase(env, async (database) => {
    const rows = await database.db
      .select({
        email: users.email,
        role: users.role,
        totpEnabledAt: users.totpEnabledAt,
        status: users.status,
      })
      .from(users)
      .where(and(inArray(users.role, ["admin", "super_admin"]), isNull(users.deletedAt)));
    // Super admins first, each group by email.
    rows.sort((a, b) =>
      a.role === b.role ? a.email.localeCompare(b.email) : a.role === "super_admin" ? -1 : 1,
    );
    const table = [
      ["EMAIL", "ROLE", "TWO-FACTOR", "STATUS"],
      ...rows.map((row) => [row.email, row.role, row.totpEnabledAt ? "on" : "off", row.status]),
    ];
    const widths = [0, 1, 2].map((column) => Math.max(...table.map((line) => line[column]?.length ?? 0)));
    for (const line of table) {
      console.info(
        line.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell)).join("  "),
      );
    }
    const superAdmins = rows.filter((row) => row.role === "super_admin").length;
    console.info(`\nAdmins: ${rows.length} (super admins: ${superAdmins}).`);
    await auditCommand(database.db, "cli.admins_listed", { details: { count: rows.length } });
    return 0;
  });
}

async function testMailCommand(args: string[]) {
  const [address, ...rest] = args;
  if (!address || rest.length > 0) return wrongUsage();
  if (!z.email().safeParse(address).success) {
    console.error(`${address} is not an email address.`);
    return 2;
  }
  const env = readEnv();
  if (!env) return 1;
  return withDatabase(env, async (database) => {
    const { mailer, via, whyFiles } = commandMailer(env);
    const sentAt = new Date().toISOString();
    // Recorded whatever the outcome; the address only masked, like the admins' list of mails.
    const audit = (details: Record<string, unknown>) =>
      auditCommand(database.db, "cli.test_mail", {
        details: { to: maskEmail(address), transport: mailer.driver, ...details },
      });
    try {
      const sent = await mailer.send({
        to: address,
        subject: "Test mail / Testnachricht",
        text:
          `This is a test mail, sent with npm run cli -- test-mail at ${sentAt} to check the mail settings. ` +
          "Nothing needs doing.\n\n" +
          `Dies ist eine Testnachricht, gesendet mit npm run cli -- test-mail um ${sentAt}, um die ` +
          "Mail-Einstellungen zu prüfen. Es ist nichts zu tun.\n",
      });
      await audit({ sent: true });
      console.info(
        sent.file
          ? `Test mail to ${address} written to ${sent.file} (${whyFiles}).`
          : `Test mail to ${address} sent ${via}, which answered: ${sent.response ?? sent.messageId}`,
      );
      return 0;
    } catch (error) {
      const reason = describeSendError(error);
      await audit({ sent: false, error: reason });
      console.error(`Test mail to ${address} could not be sent ${via}: ${reason}`);
      return 1;
    } finally {
      await mailer.close();
    }
  });
}

async function createAdminCommand(argv: string[]) {
  const [command, email, role = "admin"] = argv;
  if (command !== "create-admin" || !email || !["admin", "super_admin"].includes(role)) return wrongUsage();
  const env = loadServerEnv();
  return withDatabase(env, async (database) => {
    const password = generatePassword();
    const admin = await createAdmin(database.db, { email, password, role: role as "admin" | "super_admin" });
    await auditCommand(database.db, "admin.created", { subjectUserId: admin.id, details: { role } });
    console.info(`Created ${role} ${email}\nPassword (shown once): ${password}`);
    return 0;
  });
}

main(process.argv.slice(2)).then((code) => process.exit(code));
