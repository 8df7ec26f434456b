import { and, eq, gt, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { authSessions } from "../../db/schema";
import type { OutgoingMail } from "../mail/outbox";
import { newBrowserSignInMail, type SignInDetails } from "../mail/templates";
import type { AuthDeps, RequestContext } from "./auth-deps";
import { describeUserAgent } from "./device";
import { shortenIp } from "./shorten-ip";

/**
 * A sign-in comes from a new browser when none of the member's sessions used in this many days
 * came from the same browser (the same device cookie, device-token.ts). A browser unused for
 * three months is new again, and is worth a notice.
 */
const NEW_BROWSER_WINDOW_DAYS = 90;

/**
 * A session the member ended themselves (from the sessions list, or by changing the password)
 * may have been an intruder's: its browser must not make the intruder's next sign-in "known".
 */
const DISOWNED_REASONS = ["revoked_by_user", "password_changed"];

/**
 * The condition, as SQL over the member's earlier sessions: the account has a browser history
 * (sessions from before device cookies were kept have none, so nobody gets a notice for each of
 * them; the very first sign-in after registration is no news either), and no session of the
 * window that the member did not disown came from this browser. Evaluated before the new
 * session is written, or in the same statement (which sees the table as it was before it).
 */
export function newBrowserCondition(userId: string | SQLWrapper, deviceIdHash: string | SQLWrapper) {
  return sql`exists (
      select 1 from ${authSessions}
      where ${authSessions.userId} = ${userId} and ${authSessions.deviceIdHash} is not null
    )
    and not exists (
      select 1 from ${authSessions}
      where ${and(
        eq(authSessions.userId, userId),
        eq(authSessions.deviceIdHash, deviceIdHash),
        gt(authSessions.lastUsedAt, sql`now() - make_interval(days => ${NEW_BROWSER_WINDOW_DAYS})`),
        sql`(${authSessions.revokedReason} is null or ${authSessions.revokedReason} not in (${sql.join(
          DISOWNED_REASONS.map((reason) => sql`${reason}`),
          sql`, `,
        )}))`,
      )}
    )`;
}

export async function isNewBrowser(db: Database, userId: string, deviceIdHash: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select (${newBrowserCondition(userId, deviceIdHash)}) as "isNew"`,
  )) as unknown as {
    rows: { isNew: boolean }[];
  };
  return Boolean(result.rows[0]?.isNew);
}

/** The mail writes the time in the member's language and the installation's zone (templates.ts). */
export function signInDetails(context: RequestContext, at: Date): SignInDetails {
  const { browser, os } = describeUserAgent(context.userAgent);
  return { browser, os, ip: shortenIp(context.ip) ?? "—", at };
}

/** The notice for this sign-in, rendered in the member's language. */
export function newBrowserNotice(
  deps: AuthDeps,
  user: UserRow,
  context: RequestContext,
  at: Date,
): OutgoingMail {
  return newBrowserSignInMail(
    user.email,
    user.language,
    signInDetails(context, at),
    new URL("/profile", deps.config.publicUrl).toString(),
  );
}
