import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { authSessions } from "../../db/schema";

/** "Last used" is shown to the minute: writing it more often would only cost writes. */
const LAST_USED_RESOLUTION_SECONDS = 60;

// Sessions this instance wrote lately, so most calls skip the database altogether. The
// conditional UPDATE below is what holds across instances; this only saves round trips.
const recentlyTouched = new WeakMap<Database, Map<string, number>>();
const REMEMBERED_SESSIONS = 10_000;

/**
 * Notes that a session was used now, at most once a minute per session: called where a session
 * shows it is in use without a refresh (the signed-in user asking who they are), never per
 * request. The idle limit stays on last_seen_at, which only a refresh moves.
 */
export async function noteSessionUsed(db: Database, sessionId: string, now = Date.now()): Promise<void> {
  let touched = recentlyTouched.get(db);
  if (!touched) {
    touched = new Map();
    recentlyTouched.set(db, touched);
  }
  const last = touched.get(sessionId);
  if (last !== undefined && now - last < LAST_USED_RESOLUTION_SECONDS * 1000) return;
  if (touched.size >= REMEMBERED_SESSIONS) touched.clear();
  touched.set(sessionId, now);
  await db
    .update(authSessions)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.id, sessionId),
        lt(authSessions.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS})`),
      ),
    );
}
