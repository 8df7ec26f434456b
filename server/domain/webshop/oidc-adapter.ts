import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db";
import { oidcPayloads } from "../../db/schema";

type Payload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string };

/** Rows still alive: no expiry, or one in the future. */
const alive = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

/**
 * The storage of panva's oidc-provider on our database: the provider constructs one adapter per
 * model (Session, Interaction, AuthorizationCode, Grant, AccessToken, …) with its name. Kept in
 * the database rather than the provider's in-memory default, so a code issued by one API instance
 * is redeemed at another and nothing is lost at a restart.
 */
export function databaseAdapter(db: Database) {
  return class DatabaseAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: { ...values, consumedAt: null },
        });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<Payload | undefined> {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), condition, alive()));
      if (!row) return undefined;
      // The provider refuses a consumed code (and revokes what it issued) when it sees this.
      return row.consumedAt
        ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
        : row.payload;
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}
