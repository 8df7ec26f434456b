import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

// PGlite is one session shared by every request. pgDump runs pg_dump (WASM) against it, and
// left alone that goes wrong on a live database in three ways:
// - it would run inside a transaction a request has open between two statements (PGlite only
//   keeps other *transactions* out), and its statements would interleave with the request's;
// - it leaves its read-only snapshot transaction open, so every later write fails;
// - it leaves its session settings (extra_float_digits, row_security, …) behind.
// So the dump holds both of PGlite's locks (requests wait, a few hundred milliseconds for this
// database), talks to the session through the raw protocol while it holds them, and ends its
// transaction and resets the session before letting requests in again.

type PgliteLocks = {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
};

type ProtocolMessage = { name: string; fields?: Array<{ name: string } | string | null> };

/** A simple-protocol query on the session without taking PGlite's locks (we hold them). */
async function simpleQuery(pg: PGlite, sql: string): Promise<Record<string, string | null>[]> {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write("Q", 0, "latin1");
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  const { messages } = (await pg.execProtocol(new Uint8Array(message))) as unknown as {
    messages: ProtocolMessage[];
  };
  let columns: string[] = [];
  const rows: Record<string, string | null>[] = [];
  for (const each of messages) {
    if (each.name === "rowDescription") {
      columns = (each.fields ?? []).map((field) => (field as { name: string }).name);
    } else if (each.name === "dataRow") {
      const values = (each.fields ?? []) as Array<string | null>;
      rows.push(Object.fromEntries(columns.map((column, position) => [column, values[position] ?? null])));
    }
  }
  return rows;
}

/** The part of PGlite pgDump uses, routed around the locks the dump already holds. */
function lockedSession(pg: PGlite): PGlite {
  const session = {
    query: async (sql: string) => ({ rows: await simpleQuery(pg, sql) }),
    exec: async (sql: string) => {
      await simpleQuery(pg, sql);
      return [];
    },
    execProtocolRawStream: (message: Uint8Array, options: Parameters<PGlite["execProtocolRawStream"]>[1]) =>
      pg.execProtocolRawStream(message, options),
  };
  return session as unknown as PGlite;
}

/** A plain SQL dump (`--inserts`, no owners or grants) of a PGlite database in use. */
export async function dumpPglite(pg: PGlite): Promise<string> {
  const locks = pg as unknown as PgliteLocks;
  return locks._runExclusiveTransaction(() =>
    locks._runExclusiveQuery(async () => {
      try {
        const file = await pgDump({ pg: lockedSession(pg), args: ["--no-owner", "--no-privileges"] });
        return await file.text();
      } finally {
        await simpleQuery(pg, "ROLLBACK");
        await simpleQuery(pg, "RESET ALL");
      }
    }),
  );
}
