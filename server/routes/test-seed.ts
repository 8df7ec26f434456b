import crypto from "node:crypto";
import { inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../db";
import { permissions, userPermissions, users } from "../db/schema";
import { hashPassword } from "../domain/auth/passwords";
import { AppError } from "../errors";
import type { AppEnv } from "../http";
import { validationError } from "../http";

const seedUserSchema = z.object({
  email: z.email(),
  password: z.string().min(1),
  role: z.enum(["user", "admin", "super_admin"]).default("user"),
  userType: z.enum(["personal", "company"]).default("personal"),
  status: z.enum(["pending", "active", "suspended"]).default("active"),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  companyName: z.string().nullish(),
  language: z.enum(["en", "de"]).default("en"),
  permissions: z.array(z.string()).default([]),
});

/**
 * End-to-end tests only: creates users directly so every test can have its own (STYLE.md).
 * Mounted only when E2E_SEED_TOKEN is set, and every call must carry that token; production
 * never sets it (README, configuration).
 */
export function createTestSeedRoutes(deps: { db: Database; token: string }) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    const given = Buffer.from(c.req.header("x-seed-token") ?? "");
    const expected = Buffer.from(deps.token);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
      throw new AppError("FORBIDDEN");
    await next();
  });
  app.post("/users", async (c) => {
    const parsed = seedUserSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data;
    const [row] = await deps.db
      .insert(users)
      .values({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        userType: input.userType,
        status: input.status,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        companyName: input.companyName ?? null,
        language: input.language,
      })
      .returning({ id: users.id });
    if (!row) throw new AppError("INTERNAL");
    if (input.permissions.length) {
      const found = await deps.db
        .select()
        .from(permissions)
        .where(inArray(permissions.name, input.permissions));
      if (found.length) {
        await deps.db
          .insert(userPermissions)
          .values(found.map((permission) => ({ userId: row.id, permissionId: permission.id })));
      }
    }
    return c.json({ id: row.id }, 201);
  });
  return app;
}
