export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

/** Mail: every mail exists in English and German. */
export interface Mailer {
  readonly driver: "outbox" | "smtp";
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
