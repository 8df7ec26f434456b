/** A file sent with a mail, its bytes in hand (the sender read them from object storage). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/**
 * The message as nodemailer takes it; a text-only mail has no `html` key at all, and a mail
 * without files no `attachments` key, so every mail without them is built as it always was.
 */
export function mailFields(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map(({ filename, content, contentType }) => ({
            filename,
            content,
            contentType,
          })),
        }
      : {}),
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
