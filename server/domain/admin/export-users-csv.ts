import type { Database } from "../../db";
import type { UserRow } from "../../db/queries/users";
import { type ListUsersQuery, pageOfUsers, type UserOrder, userFilter } from "./list-users";

/** Rows read from the database at a time: memory stays flat however many users match. */
const EXPORT_BATCH = 1000;

const COLUMNS = [
  "id",
  "email",
  "first_name",
  "last_name",
  "company_name",
  "user_type",
  "status",
  "role",
  "created_at",
  "last_login_at",
  "email_verified_at",
  "documents_uploaded_at",
  "profile_completed_at",
  "contract_signed_at",
  "admin_verified_at",
] as const;

const iso = (at: Date | null) => at?.toISOString() ?? "";

function cells(row: UserRow): string[] {
  return [
    row.id,
    row.email,
    row.firstName ?? "",
    row.lastName ?? "",
    row.companyName ?? "",
    row.userType,
    row.status,
    row.role,
    iso(row.createdAt),
    iso(row.lastLoginAt),
    iso(row.emailVerifiedAt),
    iso(row.documentsUploadedAt),
    iso(row.profileCompletedAt),
    iso(row.contractSignedAt),
    iso(row.adminVerifiedAt),
  ];
}

/**
 * One CSV field (RFC 4180). A spreadsheet runs a cell that starts with = + - @ (or a tab or
 * carriage return, which some strip first) as a formula: a name typed by a member could then
 * call out or run commands on the admin's machine, so such a cell is prefixed with an
 * apostrophe and shows as text. Quotes are doubled, and a field with a comma, quote or line
 * break is quoted.
 */
function csvField(value: string): string {
  // Excel with a German (or any semicolon) list separator splits the line at ';' and ignores
  // our commas and quotes, so whatever follows a ';' or a tab starts a cell of its own there:
  // defused the same way.
  const inner = value.replace(/([;\t])(?=\s*[=+\-@])/g, "$1'");
  const safe = /^[=+\-@\t\r]/.test(inner) ? `'${inner}` : inner;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (values: readonly string[]) => `${values.map(csvField).join(",")}\r\n`;

/**
 * The filtered list as CSV text, a batch of users at a time by keyset (never the whole list in
 * memory): a byte-order mark first, so Excel reads the file as UTF-8, then the header row.
 */
export async function* usersCsv(
  db: Database,
  query: Pick<ListUsersQuery, "search" | "user_type" | "status" | "role"> & UserOrder,
): AsyncGenerator<string> {
  const filter = userFilter(query);
  const order: UserOrder = { sort: query.sort, dir: query.dir };
  yield `\uFEFF${csvLine(COLUMNS)}`;
  let cursor: string | undefined;
  for (;;) {
    const page = await pageOfUsers(db, filter, order, { cursor, limit: EXPORT_BATCH });
    if (page.rows.length > 0) yield page.rows.map((row) => csvLine(cells(row))).join("");
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** The download's name with the day it was made: users-2026-11-25.csv. */
export const exportFileName = (now = new Date()) => `users-${now.toISOString().slice(0, 10)}.csv`;
