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

/** What became of a sent message; `file` or `response` say where it went, for the operator. */
type SentMail = {
  messageId: string;
  /** The `.eml` file the outbox driver wrote. */
  file?: string;
  /** The SMTP server's answer to the message (`250 OK …`). */
  response?: string;
};

/** Mail: every mail exists in English and German. */
export interface Mailer {
  readonly driver: "outbox" | "smtp";
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}
