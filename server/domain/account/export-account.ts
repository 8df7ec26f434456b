import crypto from "node:crypto";
import { Readable } from "node:stream";
import { ZipArchive } from "archiver";
import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { ConfirmIdentityInput } from "../../../lib/schemas/account";
import type { Database } from "../../db";
import { listUserPermissionNames, type UserRow } from "../../db/queries/users";
import {
  auditLog,
  authSessions,
  contractSignatures,
  documents,
  mailOutbox,
  rateLimits,
} from "../../db/schema";
import { AppError } from "../../errors";
import type { ObjectStorage } from "../../infra/storage/types";
import { recordOwnAuditEvent } from "../audit/record-audit-event";
import type { AuthDeps, RequestContext } from "../auth/auth-deps";
import { queueSecurityNotice } from "../auth/security-notices";
import { loadProfile } from "../profile/load-profile";
import { listReferralLinks } from "../referrals/referral-links";
import { hitRateLimit, limitKey, releaseRateLimit } from "../security/rate-limit";
import { confirmIdentity } from "./confirm-identity";

type ExportDeps = Pick<AuthDeps, "db" | "mail" | "config"> & { storage: ObjectStorage; logger: Logger };

/** Exports per account a day: each reads every stored file of the member. */
const EXPORTS_PER_DAY = { limit: 3, windowSeconds: 24 * 60 * 60 };
/** How long a download token works; it works once. */
const DOWNLOAD_TOKEN_SECONDS = 5 * 60;
const AUDIT_ROWS_EXPORTED = 5000;

/**
 * The export's two steps. A download cannot carry a body, so the password (and the second factor)
 * are checked by POST, which answers a random token; GET with that token streams the ZIP. The
 * token is stored only as its SHA-256, in a row of the shared rate-limit table keyed by the
 * account and the hash, whose window is the token's lifetime: the download deletes that row
 * (one conditional DELETE), so a token works once, for this account only, for five minutes,
 * on every API instance, and the rows that are never used go with the other expired windows.
 */
const downloadKey = (userId: string, token: string) =>
  `account-export:download:${userId}:${crypto.createHash("sha256").update(token).digest("hex")}`;

export async function prepareAccountExport(
  deps: ExportDeps,
  user: UserRow,
  input: ConfirmIdentityInput,
  context: RequestContext,
): Promise<{ token: string; expiresAt: string }> {
  await confirmIdentity(deps, user, input, context, "export");
  const limit = await hitRateLimit(deps.db, `account-exports:day:${user.id}`, EXPORTS_PER_DAY);
  if (limit.exceeded) {
    await recordOwnAuditEvent(deps.db, user.id, { action: "account.export_throttled", ip: context.ip });
    throw new AppError("RATE_LIMITED", undefined, { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const token = crypto.randomBytes(32).toString("base64url");
  const [row] = await deps.db
    .insert(rateLimits)
    .values({
      key: limitKey(downloadKey(user.id, token)),
      count: 1,
      windowEndsAt: sql`now() + make_interval(secs => ${DOWNLOAD_TOKEN_SECONDS})`,
    })
    .returning({ windowEndsAt: rateLimits.windowEndsAt });
  await recordOwnAuditEvent(deps.db, user.id, { action: "account.export_prepared", ip: context.ip });
  return { token, expiresAt: (row?.windowEndsAt ?? new Date()).toISOString() };
}

/** Spends a download token of this account; false when it is unknown, used or expired. */
async function spendDownloadToken(db: Database, userId: string, token: string): Promise<boolean> {
  const spent = await db
    .delete(rateLimits)
    .where(
      and(eq(rateLimits.key, limitKey(downloadKey(userId, token))), gt(rateLimits.windowEndsAt, sql`now()`)),
    )
    .returning({ key: rateLimits.key });
  return spent.length > 0;
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "application/pdf": "pdf",
};
const fileName = (folder: string, id: string, contentType: string) =>
  `${folder}/${id}.${EXTENSIONS[contentType] ?? "bin"}`;

/**
 * Everything stored about the member that is theirs to have, as account.json, and the stored
 * files it names. Never what protects the account (the password hash, the authenticator secret,
 * code and token hashes) nor the bodies of mails (they carried codes and links).
 */
async function collectAccountData(deps: ExportDeps, user: UserRow) {
  const { db } = deps;
  const [profile, permissions, links, sessions, audit, files, signatures, mails] = await Promise.all([
    loadProfile(db, user.id),
    listUserPermissionNames(db, user.id),
    listReferralLinks({ db, publicUrl: deps.config.publicUrl }, user),
    db
      .select({
        createdAt: authSessions.createdAt,
        lastUsedAt: authSessions.lastUsedAt,
        expiresAt: authSessions.expiresAt,
        revokedAt: authSessions.revokedAt,
        revokedReason: authSessions.revokedReason,
        ip: authSessions.ip,
        userAgent: authSessions.userAgent,
        signInMethod: authSessions.signInMethod,
        secondFactorAt: authSessions.secondFactorAt,
      })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id))
      .orderBy(desc(authSessions.createdAt)),
    db
      .select({
        at: auditLog.at,
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        details: auditLog.details,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .where(or(eq(auditLog.subjectUserId, user.id), eq(auditLog.actorUserId, user.id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_ROWS_EXPORTED),
    db
      .select({
        id: documents.id,
        kind: documents.kind,
        side: documents.side,
        documentType: documents.documentType,
        idType: documents.idType,
        idNumber: documents.idNumber,
        expiryDate: documents.expiryDate,
        originalFilename: documents.originalFilename,
        storageKey: documents.storageKey,
        contentType: documents.contentType,
        sizeBytes: documents.sizeBytes,
        sha256: documents.sha256,
        createdAt: documents.createdAt,
        supersededAt: documents.supersededAt,
      })
      .from(documents)
      .where(eq(documents.userId, user.id))
      .orderBy(asc(documents.createdAt)),
    db
      .select({
        documentId: contractSignatures.documentId,
        templateName: contractSignatures.templateName,
        templateVersion: contractSignatures.templateVersion,
        method: contractSignatures.method,
        signedAt: contractSignatures.signedAt,
        ip: contractSignatures.ip,
        userAgent: contractSignatures.userAgent,
        sha256: contractSignatures.sha256,
      })
      .from(contractSignatures)
      .where(eq(contractSignatures.userId, user.id))
      .orderBy(asc(contractSignatures.signedAt)),
    db
      .select({
        kind: mailOutbox.kind,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(
        or(
          sql`lower(${mailOutbox.recipient}) = lower(${user.email})`,
          user.pendingEmail ? sql`lower(${mailOutbox.recipient}) = lower(${user.pendingEmail})` : undefined,
        ),
      )
      .orderBy(desc(mailOutbox.createdAt)),
  ]);

  const signatureOf = new Map(signatures.map((signature) => [signature.documentId, signature]));
  const entries = files.map((file) => ({
    file,
    path: fileName(file.kind === "id" ? "id-documents" : "contracts", file.id, file.contentType),
  }));
  const data = {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      pendingEmail: user.pendingEmail,
      userType: user.userType,
      role: user.role,
      status: user.status,
      firstName: user.firstName,
      lastName: user.lastName,
      companyName: user.companyName,
      language: user.language,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      lastLoginAt: iso(user.lastLoginAt),
      referredByUserId: user.referredByUserId,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      documentsUploadedAt: iso(user.documentsUploadedAt),
      profileCompletedAt: iso(user.profileCompletedAt),
      contractSignedAt: iso(user.contractSignedAt),
      adminVerifiedAt: iso(user.adminVerifiedAt),
      twoFactorEnabledAt: iso(user.totpEnabledAt),
      permissions,
    },
    profile,
    choices: {
      notifications: {
        referralRegistrations: user.notifyReferralRegistrations,
        referralApprovals: user.notifyReferralApprovals,
      },
    },
    idDocuments: entries
      .filter(({ file }) => file.kind === "id")
      .map(({ file, path }) => ({
        side: file.side,
        documentType: file.documentType,
        idType: file.idType,
        idNumber: file.idNumber,
        expiryDate: file.expiryDate,
        originalFilename: file.originalFilename,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        uploadedAt: iso(file.createdAt),
        replacedAt: iso(file.supersededAt),
        file: path,
      })),
    contracts: entries
      .filter(({ file }) => file.kind === "contract")
      .map(({ file, path }) => {
        const signature = signatureOf.get(file.id);
        return {
          name: signature?.templateName ?? null,
          version: signature?.templateVersion ?? null,
          method: signature?.method ?? null,
          signedAt: iso(signature?.signedAt),
          ip: signature?.ip ?? null,
          userAgent: signature?.userAgent ?? null,
          evidenceSha256: signature?.sha256 ?? file.sha256,
          file: path,
        };
      }),
    referralLinks: links.map((link) => ({
      label: link.label,
      link: link.link,
      status: link.status,
      created: link.created,
      expires: link.expires,
      maxUses: link.isUnlimited ? null : link.maxUses,
      used: link.used,
      // Counts only: the members who registered are not the exporting member's data.
      funnel: link.funnel,
    })),
    sessions: sessions.map((session) => ({
      ...session,
      createdAt: iso(session.createdAt),
      lastUsedAt: iso(session.lastUsedAt),
      expiresAt: iso(session.expiresAt),
      revokedAt: iso(session.revokedAt),
      secondFactorAt: iso(session.secondFactorAt),
    })),
    auditEntries: audit.map((entry) => ({
      at: iso(entry.at),
      action: entry.action,
      by: entry.actorUserId === user.id ? "you" : entry.actorUserId ? "an admin" : "the system",
      details: entry.details,
      ip: entry.ip,
    })),
    mailsSent: mails.map((mail) => ({
      kind: mail.kind,
      subject: mail.subject,
      status: mail.status,
      queuedAt: iso(mail.createdAt),
      sentAt: iso(mail.sentAt),
    })),
  };
  return { data, entries };
}

/**
 * The ZIP of the member's data, streamed: account.json first, then each stored file read from
 * storage as it is added, so neither the archive nor a file is ever held whole. Audited, and the
 * member is mailed that an export was made (a security notice: if it was not them, they know).
 */
export async function downloadAccountExport(
  deps: ExportDeps,
  user: UserRow,
  token: string,
  context: RequestContext,
): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  if (!(await spendDownloadToken(deps.db, user.id, token))) {
    throw new AppError("GONE", "accountExportGone");
  }
  let collected: Awaited<ReturnType<typeof collectAccountData>>;
  try {
    collected = await collectAccountData(deps, user);
  } catch (error) {
    // Nothing left the server: the day's export is given back.
    await releaseRateLimit(deps.db, `account-exports:day:${user.id}`);
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const database = tx as unknown as Database;
    await queueSecurityNotice(deps, database, user, { kind: "data_exported" }, context);
    await recordOwnAuditEvent(database, user.id, {
      action: "account.exported",
      details: { files: collected.entries.length },
      ip: context.ip,
    });
  });
  deps.mail.wake();

  const archive = new ZipArchive({ zlib: { level: 6 } });
  archive.append(JSON.stringify(collected.data, null, 2), { name: "account.json" });
  const addFiles = async () => {
    for (const { file, path } of collected.entries) {
      const object = await deps.storage.get(file.storageKey);
      if (!object) {
        deps.logger.warn(
          { userId: user.id, documentId: file.id },
          "account export: a stored file is missing",
        );
        continue;
      }
      // One file at a time: the next object is opened once this one is in the archive.
      const added = new Promise((resolve) => archive.once("entry", resolve));
      archive.append(object.body, { name: path });
      await added;
    }
    await archive.finalize();
  };
  addFiles().catch((error: unknown) => {
    deps.logger.error({ err: error, userId: user.id }, "account export failed while streaming");
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const day = new Date().toISOString().slice(0, 10);
  return {
    stream: Readable.toWeb(archive) as ReadableStream<Uint8Array>,
    fileName: `account-export-${day}.zip`,
  };
}
