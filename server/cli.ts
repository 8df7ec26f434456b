// `npm run cli -- create-admin <email>`: adds an admin with a generated password, printed once.
import { openDatabase } from "./db";
import { createAdmin, generatePassword } from "./domain/auth/create-admin";
import { loadServerEnv } from "./env";
import { DirectoryLockedError } from "./infra/db/directory-lock";

async function main(argv: string[]) {
  const [command, email, role = "admin"] = argv;
  if (command !== "create-admin" || !email || !["admin", "super_admin"].includes(role)) {
    console.error("Usage: npm run cli -- create-admin <email> [admin|super_admin]");
    return 2;
  }
  const env = loadServerEnv();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DirectoryLockedError) {
      console.error(`${error.message}\nThe embedded database allows one process: stop the API first.`);
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    const password = generatePassword();
    await createAdmin(database.db, { email, password, role: role as "admin" | "super_admin" });
    console.info(`Created ${role} ${email}\nPassword (shown once): ${password}`);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
