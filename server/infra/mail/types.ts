export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

/** The message as nodemailer takes it; a text-only mail has no `html` key at all. */
export function mailFields(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
  };
}

/** Mail: every mail exists in English and German. */
export interface Mailer {
  readonly driver: "outbox" | "smtp";
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
