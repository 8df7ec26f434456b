import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type StreamTransport from "nodemailer/lib/stream-transport";
import type { Logger } from "pino";
import { type Mailer, type MailMessage, mailFields } from "./types";

// Shared by every outbox mailer in the process, as tests often build one app (and mailer) each.
let lastStamp = 0;

export type OutboxMailerOptions = {
  /** Folder that receives one `.eml` file per message; created when missing. */
  dir: string;
  from: string;
  logger: Logger;
};

/**
 * The default mail driver: renders the exact message an SMTP
 * server would receive and leaves it as a file, so development and end-to-end tests read real
 * mails without a mail server.
 */
export function createOutboxMailer({ dir, from, logger }: OutboxMailerOptions): Mailer {
  const streamOptions: StreamTransport.Options = { streamTransport: true, buffer: true, newline: "unix" };
  // nodemailer 7 takes `newline` from the message data, which the defaults fill; on the transport
  // alone it only labels nodemailer's own log, and files come out with CRLF.
  const transport = nodemailer.createTransport(streamOptions, { ...streamOptions, from });

  return {
    driver: "outbox",

    async send(message: MailMessage) {
      const info = await transport.sendMail(mailFields(message));
      if (!Buffer.isBuffer(info.message)) throw new Error("The stream transport returned no buffer");

      // Readers sort by file name to get sending order, so two mails in one millisecond must
      // still get distinct, increasing stamps.
      lastStamp = Math.max(Date.now(), lastStamp + 1);
      const stamp = new Date(lastStamp).toISOString().replace(/[:.]/g, "-");
      const fileName = `${stamp}-${randomUUID()}.eml`;
      const file = path.join(dir, fileName);
      // The dot prefix and other suffix keep the half-written file out of every `*.eml` listing;
      // rename within one folder is atomic, so readers see the whole message or nothing.
      const temporaryFile = path.join(dir, `.${fileName}.tmp`);

      // Mails carry sign-in codes and links with tokens: only this user may read them.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      try {
        await fs.writeFile(temporaryFile, info.message, { mode: 0o600 });
        await fs.rename(temporaryFile, file);
      } catch (error) {
        await fs.rm(temporaryFile, { force: true });
        throw error;
      }

      // Never the subject or body: they can carry codes and links.
      logger.info({ to: message.to, file }, "mail written to outbox");
      return { messageId: info.messageId, file };
    },

    async close() {
      transport.close();
    },
  };
}
