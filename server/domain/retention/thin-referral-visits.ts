import { type SQL, sql } from "drizzle-orm";
import { referralVisits } from "../../db/schema";
import { countRows, inBatches, type RetentionDeps, rowsOf } from "./retention-settings";

/**
 * A visit's hash serves one purpose: counting a visitor once on that UTC day (visits.ts). The
 * funnel afterwards only counts the rows, so once the day is over the hash is replaced by a
 * random placeholder that names no one ("~" and a UUID; "~" is outside the hashes' base64url),
 * and the counts stay. Today's and yesterday's hashes stay: a visit that began just before
 * midnight may still be checked against its day.
 */
const stillHashedBeforeYesterday = (): SQL =>
  sql`visitor_hash not like '~%' and day < (now() at time zone 'utc')::date - 1`;

export async function countHashedVisits(deps: RetentionDeps): Promise<number> {
  return countRows(deps.db, referralVisits, stillHashedBeforeYesterday());
}

/** Oldest day first, through referral_visits_hashed_day_idx (only rows still hashed). */
export async function thinReferralVisits(deps: RetentionDeps, batchSize: number): Promise<number> {
  return inBatches(batchSize, async () => {
    const thinned = await rowsOf<unknown>(
      deps.db,
      sql`
      with due as (
        select link_id, day, visitor_hash from ${referralVisits} where ${stillHashedBeforeYesterday()}
        order by day limit ${batchSize} for update skip locked
      )
      update ${referralVisits} as visit set visitor_hash = '~' || gen_random_uuid()
      from due
      where visit.link_id = due.link_id and visit.day = due.day and visit.visitor_hash = due.visitor_hash
      returning 1`,
    );
    return { found: thinned.length, changed: thinned.length };
  });
}
