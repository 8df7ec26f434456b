import { buffer } from "node:stream/consumers";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db";
import { type MailAttachmentRef, mailOutbox } from "../../db/schema";
import type { MailAttachment, Mailer } from "../../infra/mail/types";
import type { JobRecorder } from "../../infra/metrics/app-metrics";
import { deleteStoredObjects } from "../../infra/storage/delete-stored-objects";
import type { ObjectStorage } from "../../infra/storage/types";
import { insertMail, type MailOutbox, type OutgoingMail } from "./outbox";

export type MailSenderOptions = {
  /** How often the outbox is looked at when nobody wakes the sender. */
  pollMs: number;
  /** Rows claimed per statement. */
  batchSize: number;
  /** After this many failed attempts a mail is marked failed and waits for an admin. */
  maxAttempts: number;
  /** The pause after the first failure; it doubles with every further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * How long a claimed row stays with the instance that claimed it. Longer than a send can take
   * (the SMTP driver gives up within a minute), so a live sender never loses a row it is sending;
   * a sender that died mid-send leaves the row to the others after this time.
   */
  leaseMs: number;
};

/** About 4 hours of attempts: 30 s, 1, 2, 4, 8, 16, 32 min, 1 h, 1 h (each ±25 %). */
const DEFAULT_MAIL_SENDER_OPTIONS: MailSenderOptions = {
  pollMs: 5_000,
  batchSize: 10,
  maxAttempts: 10,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
};

// A pass stops after this many batches and lets the poll continue, so a long queue does not
// keep one pass (and `stop()`) busy for ever.
const BATCHES_PER_PASS = 20;

export type MailSender = MailOutbox & {
  start(): void;
  /** Stops polling and waits for the pass in progress; safe to call twice. */
  stop(): Promise<void>;
  /**
   * Sends every due mail now and resolves when done (tests, and the shutdown of a CLI); with
   * `only`, just those outbox rows (a CLI command delivering its own mail, nobody else's).
   */
  flush(only?: string[]): Promise<number>;
};

/** Exponential backoff with jitter: attempt 1 waits about baseDelayMs, capped at maxDelayMs. */
export function retryDelayMs(
  attempt: number,
  { baseDelayMs, maxDelayMs }: Pick<MailSenderOptions, "baseDelayMs" | "maxDelayMs">,
  random: () => number = Math.random,
): number {
  const exponential = baseDelayMs * 2 ** Math.max(0, attempt - 1);
  const capped = Math.min(maxDelayMs, exponential);
  // ±25 %, so instances that failed together against one server do not retry in lockstep.
  return Math.round(Math.min(maxDelayMs, capped * (0.75 + random() * 0.5)));
}

/**
 * What the admin sees of a failure: the transport's code and message in one short line, with
 * anything that looks like credentials in a URL cut out.
 */
export function describeSendError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const text = `${typeof code === "string" ? `${code}: ` : ""}${message}`
    .replace(/\/\/[^\s/@]*@/g, "//***@")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

/**
 * The bytes of a mail's files, read from object storage for this attempt only (the row names
 * them, it does not hold them). A missing object fails the attempt like a transport error: the
 * mail is retried, and fails for good rather than going out without the file it announces.
 */
async function loadAttachments(
  storage: ObjectStorage | undefined,
  refs: MailAttachmentRef[] | null,
): Promise<MailAttachment[] | undefined> {
  if (!refs?.length) return undefined;
  if (!storage) throw new Error("This mail has attachments but the sender has no object storage");
  return Promise.all(
    refs.map(async (ref) => {
      const object = await storage.get(ref.storageKey);
      if (!object) throw new Error(`The attachment ${ref.filename} is missing from storage`);
      return { filename: ref.filename, contentType: ref.contentType, content: await buffer(object.body) };
    }),
  );
}

/**
 * Deletes the stored files of mails whose row no longer needs them (sent, or a failed row the
 * retention job removed). After the row's own update, so a crash in between leaves an unused
 * object (logged) rather than a row whose file is gone.
 */
export async function deleteMailAttachments(
  deps: { storage: ObjectStorage; logger: Logger },
  refs: Array<MailAttachmentRef[] | null>,
  why: string,
): Promise<void> {
  const keys = refs.flatMap((list) => (list ?? []).map((ref) => ref.storageKey));
  if (keys.length > 0) await deleteStoredObjects(deps, keys, why, "mail attachment");
}

const millis = (ms: number) => sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;

/**
 * Delivers the outbox through the configured driver. Every API instance runs one; rows are
 * claimed with `FOR UPDATE SKIP LOCKED` and leased by moving `next_attempt_at` ahead, so two
 * instances never hold one row at once. A mail is sent at least once: only an instance that
 * dies after the server accepted a mail and before it marked the row sent repeats it.
 */
export function createMailSender({
  db,
  mailer,
  logger,
  storage,
  jobs,
  options: overrides = {},
}: {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /**
   * Where the files of mails with attachments are kept. A sender without it (the CLI, which
   * sends only its own plain mails) fails such a mail's attempt instead of sending it bare.
   */
  storage?: ObjectStorage;
  /** Each poll's pass is reported here as the job `mail_outbox`, for the metrics. */
  jobs?: JobRecorder;
  options?: Partial<MailSenderOptions>;
}): MailSender {
  const options = { ...DEFAULT_MAIL_SENDER_OPTIONS, ...overrides };
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;

  async function claim(only?: string[]) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          only ? inArray(mailOutbox.id, only) : undefined,
        ),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(options.batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastAttemptAt: sql`now()`,
        nextAttemptAt: sql`now() + ${millis(options.leaseMs)}`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(row: typeof mailOutbox.$inferSelect) {
    try {
      const attachments = await loadAttachments(storage, row.attachments);
      await mailer.send({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        ...(row.html === null ? {} : { html: row.html }),
        ...(attachments ? { attachments } : {}),
      });
    } catch (error) {
      const lastError = describeSendError(error);
      const failed = row.attempts >= options.maxAttempts;
      await db
        .update(mailOutbox)
        .set(
          failed
            ? { status: "failed", lastError }
            : { lastError, nextAttemptAt: sql`now() + ${millis(retryDelayMs(row.attempts, options))}` },
        )
        .where(eq(mailOutbox.id, row.id));
      // Never the recipient, subject or body here: the driver logs the recipient of a sent mail.
      const fields = { mailId: row.id, kind: row.kind, attempt: row.attempts, error: lastError };
      if (failed) logger.error(fields, "mail failed for good; an admin can retry it on the server status");
      else logger.warn(fields, "mail send failed; will retry");
      return;
    }
    // The bodies hold codes and token links, the files statements: once delivered, neither is kept.
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: sql`now()`, text: "", html: null, attachments: null, lastError: null })
      .where(eq(mailOutbox.id, row.id));
    if (storage) await deleteMailAttachments({ storage, logger }, [row.attachments], "mail sent");
  }

  async function drain(only?: string[]): Promise<number> {
    let sent = 0;
    for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
      const rows = await claim(only);
      if (rows.length === 0) break;
      for (const row of rows) await deliver(row);
      sent += rows.length;
    }
    return sent;
  }

  function schedule(ms: number) {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  }

  function tick() {
    timer = undefined;
    if (pass) {
      again = true;
      return;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && started);
        jobs?.recordJobRun("mail_outbox", "ok");
      } catch (error) {
        // The database may be away for a moment; the rows wait, the next poll tries again.
        jobs?.recordJobRun("mail_outbox", "failed");
        logger.warn({ error: describeSendError(error) }, "mail outbox pass failed");
      } finally {
        pass = undefined;
        schedule(options.pollMs);
      }
    })();
  }

  function wake() {
    if (!started) return;
    if (pass) again = true;
    else schedule(0);
  }

  return {
    async enqueue(target: Database, mail: OutgoingMail) {
      await insertMail(target, mail);
      // In a transaction the row is not visible yet; the caller wakes the sender after commit.
      if (target === db) wake();
    },
    wake,
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await pass;
    },
    async flush(only?: string[]) {
      await pass;
      const sent = await drain(only);
      // A poll that started meanwhile may hold a row this drain skipped: wait for it too.
      await pass;
      return sent;
    },
  };
}
