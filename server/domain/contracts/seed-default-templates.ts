import type { Database } from "../../db";

/** Issue 7: German and English templates for personal and company members on an empty database. */
export async function seedDefaultTemplates(_db: Database): Promise<void> {}
