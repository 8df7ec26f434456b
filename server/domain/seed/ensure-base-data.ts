import type { Database } from "../../db";
import { permissions } from "../../db/schema";
import { seedDefaultTemplates } from "../contracts/seed-default-templates";
import { seedSampleNews } from "../news/seed-sample-news";

/** Rows every database has (can_create_referrals exists everywhere, so granting it never depends on how the database was made). Idempotent. */
export async function ensureBaseData(db: Database): Promise<void> {
  await db
    .insert(permissions)
    .values({ name: "can_create_referrals", description: "May create and manage referral links" })
    .onConflictDoNothing({ target: permissions.name });
  // The dashboard's news box is never empty on a new installation.
  await seedSampleNews(db);
  // Signing works out of the box: default contract templates on an empty database.
  await seedDefaultTemplates(db);
}
