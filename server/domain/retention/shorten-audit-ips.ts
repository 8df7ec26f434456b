import { sql } from "drizzle-orm";
import { auditIpIsWhole, auditLog } from "../../db/schema";
import { shortenIp } from "../auth/shorten-ip";
import { countRows, inBatches, type RetentionDeps, rowsOf } from "./retention-settings";

/**
 * Audit rows older than AUDIT_IP_RETENTION_DAYS keep only the network of their address, as the
 * member's list of sessions shows it (shorten-ip.ts: `a.b.c.x`, an IPv6 /48): enough to tell
 * home from abroad when the row is read years later, not enough to name a connection. A value
 * that is no address at all is dropped.
 */
const oldWhole = (deps: RetentionDeps) =>
  sql`${auditIpIsWhole(auditLog.ip)} and ${auditLog.at} < now() - make_interval(days => ${deps.settings.auditIpRetentionDays})`;

export async function countOldAuditIps(deps: RetentionDeps): Promise<number> {
  return countRows(deps.db, auditLog, oldWhole(deps));
}

/** Oldest first, through audit_log_full_ip_idx, which holds only rows still to shorten. */
export async function shortenAuditIps(deps: RetentionDeps, batchSize: number): Promise<number> {
  return inBatches(batchSize, () =>
    deps.db.transaction(async (tx) => {
      const due = await rowsOf<{ id: number | string; ip: string }>(
        tx,
        sql`
        select ${auditLog.id} as id, ${auditLog.ip} as ip from ${auditLog} where ${oldWhole(deps)}
        order by ${auditLog.at} limit ${batchSize} for update skip locked`,
      );
      if (due.length === 0) return { found: 0, changed: 0 };
      // The shortening is the sessions list's own function, so both show the same network.
      const values = sql.join(
        due.map((row) => sql`(${Number(row.id)}::bigint, ${shortenIp(row.ip)}::text)`),
        sql`, `,
      );
      const updated = await rowsOf<unknown>(
        tx,
        sql`
        update ${auditLog} set ip = shortened.ip
        from (values ${values}) as shortened(id, ip)
        where ${auditLog.id} = shortened.id
        returning 1`,
      );
      return { found: due.length, changed: updated.length };
    }),
  );
}
