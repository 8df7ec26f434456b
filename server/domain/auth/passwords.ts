import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { createGate } from "../../infra/limit-concurrency";

// argon2id at OWASP's minimum or above; the parameters live in the hash string.
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most one argon2 computation per core at a time; the rest wait their turn here. Each one
 * fills 19 MiB of memory, and more of them than cores only time-slice against each other,
 * evicting each other's blocks from the caches: measured on two cores, four at once cost 15 %
 * more CPU per verification than two. It also leaves libuv's thread pool (4 threads) free for
 * what else runs on it (the access tokens' signatures, file reads), so a burst of sign-ins does
 * not queue every other request's token check behind it.
 */
export const argon2Gate = createGate(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return argon2Gate.run(() => hash(password, OPTIONS));
}

// Verifying against this when the account does not exist keeps the answer time the same for
// known and unknown emails.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("timing-equaliser-password");
    const dummy = await dummyHash;
    await argon2Gate.run(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await argon2Gate.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
