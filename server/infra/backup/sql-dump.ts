/**
 * Plain SQL dumps as pg_dump writes them (`--inserts`, one row per statement), read as
 * statements: a lexer that knows quoted literals, quoted identifiers, dollar-quoted bodies and
 * comments, so a value that contains `;` or a line starting with "INSERT INTO" is never taken
 * for a statement of its own.
 */

export type DumpStatement = {
  /** The statement's text as written, comments before it and the closing `;` included. */
  raw: string;
  /** The statement without leading comments and whitespace (for matching). */
  head: string;
};

export function splitStatements(sql: string): DumpStatement[] {
  const statements: DumpStatement[] = [];
  let start = 0;
  let index = 0;
  const push = (end: number) => {
    const raw = sql.slice(start, end);
    const head = stripLeadingComments(raw);
    if (head) statements.push({ raw, head });
    start = end;
  };
  while (index < sql.length) {
    const char = sql[index];
    const next = sql[index + 1];
    if (char === "-" && next === "-") {
      const end = sql.indexOf("\n", index);
      index = end === -1 ? sql.length : end + 1;
    } else if (char === "/" && next === "*") {
      const end = sql.indexOf("*/", index + 2);
      index = end === -1 ? sql.length : end + 2;
    } else if (char === "'" || char === '"') {
      // A doubled quote inside is two literals back to back: the scan just continues.
      const end = sql.indexOf(char, index + 1);
      index = end === -1 ? sql.length : end + 1;
    } else if (char === "$") {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(index, index + 64))?.[0];
      if (tag) {
        const end = sql.indexOf(tag, index + tag.length);
        index = end === -1 ? sql.length : end + tag.length;
      } else {
        index += 1;
      }
    } else if (char === "\\" && stripLeadingComments(sql.slice(start, index)) === "") {
      // A psql meta-command (\restrict, \connect) runs to the end of its line.
      const end = sql.indexOf("\n", index);
      index = end === -1 ? sql.length : end + 1;
      push(index);
    } else if (char === ";") {
      index += 1;
      push(index);
    } else {
      index += 1;
    }
  }
  push(sql.length);
  return statements;
}

function stripLeadingComments(text: string): string {
  let rest = text.trimStart();
  for (;;) {
    if (rest.startsWith("--")) {
      const end = rest.indexOf("\n");
      rest = end === -1 ? "" : rest.slice(end + 1).trimStart();
    } else if (rest.startsWith("/*")) {
      const end = rest.indexOf("*/");
      rest = end === -1 ? "" : rest.slice(end + 2).trimStart();
    } else {
      return rest;
    }
  }
}

/**
 * What a dump taken from PGlite (PostgreSQL 18 inside) or a newer pg_dump needs to load into
 * an older server and as a user that is not a superuser:
 * - psql meta-commands (`\restrict` of recent pg_dump versions) are not SQL;
 * - `transaction_timeout` exists from PostgreSQL 17 on;
 * - `COMMENT ON EXTENSION` needs the extension's owner, who may be someone else.
 */
const NOT_PORTABLE = [/^\\/, /^SET\s+transaction_timeout\b/i, /^COMMENT\s+ON\s+EXTENSION\b/i];

export function portableDump(sql: string): string {
  return splitStatements(sql)
    .filter((statement) => !NOT_PORTABLE.some((pattern) => pattern.test(statement.head)))
    .map((statement) => statement.raw)
    .join("");
}

/** Rows per table (`schema.table`): one `INSERT` per row in a `--inserts` dump. */
export function countRows(sql: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { head } of splitStatements(sql)) {
    const table = /^INSERT INTO ([^\s(]+)/i.exec(head)?.[1];
    if (table) counts[table] = (counts[table] ?? 0) + 1;
  }
  return counts;
}

/** The server version a pg_dump header names ("Dumped from database version 18.3"). */
export function dumpedFromVersion(sql: string): string | undefined {
  return /^-- Dumped from database version (\S+)/m.exec(sql.slice(0, 2_000))?.[1];
}
