import crypto from "node:crypto";
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { ShopKey } from "../../../lib/schemas/partner";
import type { Database } from "../../db";
import { shopApiKeys } from "../../db/schema";
import { AppError } from "../../errors";
import type { Actor } from "../actor";
import { recordAuditEvent } from "../audit/record-audit-event";

/** Keys start with this, so one found in a log or a repository says what it is. */
const KEY_PREFIX = "pps_";
/** How much of a key the list shows: the marker and six characters of the random part. */
const SHOWN_LENGTH = KEY_PREFIX.length + 6;
/** `last_used_at` moves at most once a minute: a busy shop must not queue on one row. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("base64url");

const toShopKey = (row: typeof shopApiKeys.$inferSelect): ShopKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * A new key for the shop: 256 random bits, returned this once; only its SHA-256 is stored (a key
 * this random needs no slow hash: nobody can guess one to compare against the table).
 */
export async function createShopKey(
  db: Database,
  name: string,
  actor: Actor,
): Promise<{ id: string; key: string; prefix: string }> {
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const prefix = key.slice(0, SHOWN_LENGTH);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(shopApiKeys)
      .values({ name, keyHash: hashKey(key), prefix, createdByUserId: actor.actorId })
      .returning({ id: shopApiKeys.id });
    if (!row) throw new Error("shop key insert returned nothing");
    await recordAuditEvent(tx, {
      action: "admin.shop_key_created",
      actorUserId: actor.actorId,
      details: { shopKeyId: row.id, name, prefix },
      ip: actor.ip,
    });
    return { id: row.id, key, prefix };
  });
}

/** Every key, live ones first, newest first. */
export async function listShopKeys(db: Database): Promise<ShopKey[]> {
  const rows = await db
    .select()
    .from(shopApiKeys)
    .orderBy(sql`${shopApiKeys.revokedAt} is not null`, desc(shopApiKeys.createdAt));
  return rows.map(toShopKey);
}

/** Revokes a key for good (a repeat is a no-op); the shop's next call with it gets 401. */
export async function revokeShopKey(db: Database, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(shopApiKeys).where(eq(shopApiKeys.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", "shopKeyNotFound");
    if (row.revokedAt) return;
    await tx.update(shopApiKeys).set({ revokedAt: new Date() }).where(eq(shopApiKeys.id, id));
    await recordAuditEvent(tx, {
      action: "admin.shop_key_revoked",
      actorUserId: actor.actorId,
      details: { shopKeyId: id, name: row.name, prefix: row.prefix },
      ip: actor.ip,
    });
  });
}

/** The live key a shop call presents, or 401. Notes its use (at most once a minute). */
export async function authenticateShopKey(db: Database, key: string | undefined): Promise<{ id: string }> {
  if (!key?.startsWith(KEY_PREFIX)) throw new AppError("UNAUTHORIZED");
  const [row] = await db
    .select({ id: shopApiKeys.id, lastUsedAt: shopApiKeys.lastUsedAt })
    .from(shopApiKeys)
    .where(and(eq(shopApiKeys.keyHash, hashKey(key)), isNull(shopApiKeys.revokedAt)));
  if (!row) throw new AppError("UNAUTHORIZED");
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(shopApiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(shopApiKeys.id, row.id),
          or(
            isNull(shopApiKeys.lastUsedAt),
            lt(shopApiKeys.lastUsedAt, sql`now() - ${LAST_USED_RESOLUTION}`),
          ),
        ),
      );
  }
  return { id: row.id };
}
