// The one place test support reads the environment: DATABASE_URL switches API tests from
// PGlite to a real PostgreSQL server (each test file gets its own database, dropped after).
export const testDatabaseUrl: string | undefined = process.env.DATABASE_URL || undefined;
