import type { Database } from "../db";
import type { ServerEnv } from "../env";
import { deriveSecret, loadOrCreateStoredSecrets, randomSecretSpec } from "./secrets";
import {
  type KeyMaterial,
  keyMaterialFrom,
  parseConfiguredPrivateKey,
  parsePreviousPublicKeys,
  parsePrivateJwk,
  signingKeySpec,
} from "./tokens";

export type AppSecrets = {
  keys: KeyMaterial;
  /** Signs new download URLs. */
  storageSigningSecret: string;
  /** Still accepted on download URLs: the secret before a rotation, from configuration. */
  storagePreviousSigningSecrets: string[];
  /** Keys the refresh-token derivation, one-time codes, login challenges and the TOTP secrets (authKeys). */
  authSecret: string;
  /** The auth secret before a rotation, from configuration: stored TOTP secrets still decrypt. */
  previousAuthSecret?: string;
};

const storageSigningSpec = randomSecretSpec("storage-signing");
const authSpec = randomSecretSpec("auth");

export type SecretsEnv = Pick<
  ServerEnv,
  | "DATA_DIR"
  | "JWT_PRIVATE_KEY"
  | "JWT_PREVIOUS_PUBLIC_KEYS"
  | "STORAGE_SIGNING_SECRET"
  | "STORAGE_SIGNING_SECRET_PREVIOUS"
  | "AUTH_SECRET"
  | "AUTH_SECRET_PREVIOUS"
>;

/**
 * The API's secrets: each from configuration when set, otherwise generated once into the
 * database and shared by every instance using it (an earlier version's DATA_DIR/secrets files
 * are taken over on the first start). Configuration is checked before anything is stored.
 */
export async function loadAppSecrets(
  db: Database,
  env: SecretsEnv,
  warn?: (message: string) => void,
): Promise<AppSecrets> {
  const configuredKey = env.JWT_PRIVATE_KEY ? parseConfiguredPrivateKey(env.JWT_PRIVATE_KEY) : undefined;
  const previousKeys = await parsePreviousPublicKeys(env.JWT_PREVIOUS_PUBLIC_KEYS);
  const wanted = [
    ...(configuredKey ? [] : [signingKeySpec]),
    ...(env.STORAGE_SIGNING_SECRET ? [] : [storageSigningSpec]),
    ...(env.AUTH_SECRET ? [] : [authSpec]),
  ];
  const stored = await loadOrCreateStoredSecrets(db, wanted, { dataDir: env.DATA_DIR, warn });
  const storedKey = stored.get(signingKeySpec.name);
  const privateJwk = configuredKey ?? (storedKey ? parsePrivateJwk(storedKey) : undefined);
  const storageSigningSecret = env.STORAGE_SIGNING_SECRET ?? stored.get(storageSigningSpec.name);
  const authSecret = env.AUTH_SECRET ?? stored.get(authSpec.name);
  if (!privateJwk || !storageSigningSecret || !authSecret) {
    throw new Error("The generated secrets could not be read back from the database");
  }
  return {
    keys: await keyMaterialFrom(privateJwk, previousKeys),
    storageSigningSecret,
    storagePreviousSigningSecrets: env.STORAGE_SIGNING_SECRET_PREVIOUS
      ? [env.STORAGE_SIGNING_SECRET_PREVIOUS]
      : [],
    authSecret,
    previousAuthSecret:
      env.AUTH_SECRET_PREVIOUS && env.AUTH_SECRET_PREVIOUS !== authSecret
        ? env.AUTH_SECRET_PREVIOUS
        : undefined,
  };
}

/** The auth configuration's keys, each derived from the auth secret for a purpose of its own. */
export function authKeys(secrets: Pick<AppSecrets, "authSecret" | "previousAuthSecret">) {
  return {
    refreshDerivationSecret: deriveSecret(secrets.authSecret, "refresh-derivation"),
    codeSecret: deriveSecret(secrets.authSecret, "one-time-codes"),
    totpSecretKey: deriveSecret(secrets.authSecret, "totp"),
    previousTotpSecretKey: secrets.previousAuthSecret
      ? deriveSecret(secrets.previousAuthSecret, "totp")
      : undefined,
  };
}
