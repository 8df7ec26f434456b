import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { type Mailer, type MailMessage, mailFields } from "./types";

export type SmtpMailerOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; query parameters set nodemailer options. */
  url: string;
  from: string;
  logger: Logger;
};

// nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket; a request that
// sends a code would hang that long on a dead server, so we fail sooner unless the URL says otherwise.
const timeoutDefaults = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function withTimeoutDefaults(url: string): string {
  const parsed = new URL(url);
  for (const [key, value] of Object.entries(timeoutDefaults)) {
    if (!parsed.searchParams.has(key)) parsed.searchParams.set(key, String(value));
  }
  return parsed.toString();
}

/** Sends for real when SMTP_URL is set. */
export function createSmtpMailer({ url, from, logger }: SmtpMailerOptions): Mailer {
  // nodemailer reads only the URL when given one, so the defaults have to travel inside it.
  const transport = nodemailer.createTransport(withTimeoutDefaults(url), { from });

  return {
    driver: "smtp",

    async send(message: MailMessage) {
      const info = await transport.sendMail(mailFields(message));
      // Never the subject or body: they can carry codes and links.
      logger.info({ to: message.to, messageId: info.messageId }, "mail sent");
      return { messageId: info.messageId, response: info.response };
    },

    async close() {
      transport.close();
    },
  };
}
