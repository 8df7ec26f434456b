"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { useAuth } from "@/components/auth/auth-provider";
import { useApiErrorMessage } from "@/components/auth/use-api-error-message";
import { readApiError } from "@/lib/api-error";
import { adminUserSchema } from "@/lib/schemas/admin";

// Answers of the admin user calls as the pages read them. The user is the shared AdminUser
// (lib/schemas/admin.ts); the onboarding flags also accept booleans so that a 1/0-or-true/false
// difference between readings (spec §3) does not turn a loaded user into an error screen.

const flag = z.union([z.number(), z.boolean()]).transform((value): 0 | 1 => (value ? 1 : 0));
const stepTime = z.string().nullable().optional();

export const detailUserSchema = adminUserSchema.extend({
  email_verified: flag,
  documents_uploaded: flag,
  profile_completed: flag,
  contract_signed: flag,
  is_admin_verified: flag,
  // Spec §3: the admin view adds a timestamp per step.
  email_verified_at: stepTime,
  documents_uploaded_at: stepTime,
  profile_completed_at: stepTime,
  contract_signed_at: stepTime,
});
export type DetailUser = z.infer<typeof detailUserSchema>;

/** Spec §3 verify-user data: permissions come as names or as objects with a name. */
const permissionNames = z.array(
  z.union([z.string(), z.object({ name: z.string() }).transform((permission) => permission.name)]),
);

const profileRecord = z.record(z.string(), z.unknown()).nullable().optional();

export const fullUserResponseSchema = z.object({
  user: detailUserSchema,
  personalProfile: profileRecord,
  companyProfile: profileRecord,
  permissions: permissionNames.optional().default([]),
});
export type FullUser = z.infer<typeof fullUserResponseSchema>;

/** Only same-origin paths (the BFF's /api/files/...) may become an img src or a link. */
const relativeUrl = z
  .string()
  .nullable()
  .optional()
  .transform((url) => (url?.startsWith("/") && !url.startsWith("//") ? url : null));
const documentId = z.union([z.string(), z.number()]).transform(String);

const idDocumentSchema = z.object({
  user_id_document_id: documentId,
  side: z.string().nullable().optional(),
  document_type: z.string().nullable().optional(),
  id_type: z.string().nullable().optional(),
  original_filename: z.string().nullable().optional(),
  /** Replaced after approval: kept for the audit trail, no longer the member's current ID. */
  superseded_at: z.string().nullable().optional(),
  signedUrl: relativeUrl,
});
const contractSchema = z.object({
  id: documentId,
  original_filename: z.string().nullable().optional(),
  signedUrl: relativeUrl,
});

export const userDocumentsResponseSchema = z.object({
  contracts: z.array(contractSchema).optional().default([]),
  idDocuments: z.array(idDocumentSchema).optional().default([]),
});

export type MediaSide = "front" | "back" | "other";
export type MediaKind = "image" | "pdf" | "file";
export type MediaItem = {
  id: string;
  group: "id" | "contract";
  side: MediaSide;
  name: string;
  src: string | null;
  kind: MediaKind;
  /** An ID document replaced after approval (kept for the record). */
  superseded?: boolean;
};

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "bmp", "webp"]);

/** Spec §5: images by extension jpg/jpeg/png/gif/bmp/webp, PDF by .pdf. */
export function mediaKind(fileName: string): MediaKind {
  const extension = fileName.toLowerCase().split(".").pop() ?? "";
  if (IMAGE_EXTENSIONS.has(extension)) return "image";
  return extension === "pdf" ? "pdf" : "file";
}

/** Spec §5: names over 24 characters are cut to 21 plus an ellipsis. */
export function shortenFileName(name: string): string {
  const characters = [...name];
  return characters.length > 24 ? `${characters.slice(0, 21).join("")}…` : name;
}

const SIDE_ORDER: Record<MediaSide, number> = { front: 0, back: 1, other: 2 };
const toSide = (side: string | null | undefined): MediaSide =>
  side === "front" || side === "back" ? side : "other";

/** ID documents first, ordered front, back, other (spec §2 media viewer), then the contracts. */
export function toMediaItems(documents: z.infer<typeof userDocumentsResponseSchema>): MediaItem[] {
  const ids = documents.idDocuments
    .map((document): MediaItem => {
      const name = document.original_filename || document.id_type || document.user_id_document_id;
      return {
        id: `id-${document.user_id_document_id}`,
        group: "id",
        side: toSide(document.side),
        name,
        src: document.signedUrl,
        kind: mediaKind(document.original_filename ?? document.signedUrl ?? ""),
        superseded: Boolean(document.superseded_at),
      };
    })
    // The current documents first, then the replaced ones.
    .sort((a, b) => Number(a.superseded) - Number(b.superseded) || SIDE_ORDER[a.side] - SIDE_ORDER[b.side]);
  const contracts = documents.contracts.map(
    (contract): MediaItem => ({
      id: `contract-${contract.id}`,
      group: "contract",
      side: "other",
      name: contract.original_filename || contract.id,
      src: contract.signedUrl,
      kind: mediaKind(contract.original_filename ?? contract.signedUrl ?? ""),
    }),
  );
  return [...ids, ...contracts];
}

/** Spec §3 field names in camelCase; a few readings send snake_case or older names. */
const PROFILE_ALIASES: Record<string, readonly string[]> = {
  dateOfBirth: ["dateOfBirth", "dob", "date_of_birth"],
  zipCode: ["zipCode", "zip_code", "zip"],
  address: ["address", "street"],
};
export const PERSONAL_PROFILE_FIELDS = [
  "dateOfBirth",
  "nationality",
  "address",
  "zipCode",
  "city",
  "country",
  "phone",
  "phoneSecondary",
  "emergencyContactName",
  "emergencyContactPhone",
  "accountHolderName",
  "iban",
  "referralEmail",
] as const;
export const COMPANY_PROFILE_FIELDS = [
  "companyName",
  "companyPhone",
  "companyEmail",
  "address",
  "zipCode",
  "city",
  "country",
  "registrationDate",
  "branch",
  "numberOfEmployees",
  "registrationNumber",
  "contactPersonName",
  "contactPersonPhone",
  "accountHolderName",
  "iban",
] as const;
export type ProfileField = (typeof PERSONAL_PROFILE_FIELDS)[number] | (typeof COMPANY_PROFILE_FIELDS)[number];

/** The filled-in fields of a profile, in spec §3 order, as text. */
export function profileEntries(full: FullUser): { field: ProfileField; value: string }[] {
  const isCompany = full.user.user_type === "company";
  const profile = (isCompany ? full.companyProfile : full.personalProfile) ?? null;
  if (!profile) return [];
  const fields: readonly ProfileField[] = isCompany ? COMPANY_PROFILE_FIELDS : PERSONAL_PROFILE_FIELDS;
  return fields.flatMap((field) => {
    const value = (PROFILE_ALIASES[field] ?? [field])
      .map((key) => profile[key])
      .find((candidate) => candidate !== null && candidate !== undefined && candidate !== "");
    return typeof value === "string" || typeof value === "number" ? [{ field, value: String(value) }] : [];
  });
}

/** The names displayName() and initials() expect, from the snake_case admin user. */
export function namedUser(
  user: Pick<DetailUser, "user_type" | "first_name" | "last_name" | "company_name" | "email">,
) {
  return {
    userType: user.user_type,
    firstName: user.first_name,
    lastName: user.last_name,
    companyName: user.company_name,
    email: user.email,
  };
}

export type Load<T> =
  | { state: "loading" }
  | { state: "ready"; data: T }
  | { state: "notFound" }
  | { state: "failed"; message: string };

/**
 * GETs one admin resource through apiFetch and parses it. `failure` builds the spec §8 text
 * ('Failed to fetch user data: …') from the reason. `reload` runs it again.
 */
export function useAdminResource<T>(
  path: string | null,
  schema: z.ZodType<T, unknown>,
  failure: (reason: string) => string,
): { load: Load<T>; reload: () => void; setData: (update: (data: T) => T) => void } {
  const { apiFetch } = useAuth();
  const apiErrorMessage = useApiErrorMessage();
  const tErrors = useTranslations("Errors");
  const [load, setLoad] = useState<Load<T>>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  // The caller passes a fresh closure each render; the effect reads the newest one.
  const failureRef = useRef(failure);
  useEffect(() => {
    failureRef.current = failure;
  });

  useEffect(() => {
    if (!path) return;
    // attempt only restarts the effect; a newer run makes the older one's answer stale.
    void attempt;
    let stale = false;
    const failure = failureRef.current;
    setLoad({ state: "loading" });
    (async (): Promise<Load<T>> => {
      try {
        const response = await apiFetch(path);
        if (response.status === 404) return { state: "notFound" };
        if (!response.ok) {
          const error = await readApiError(response);
          return {
            state: "failed",
            message: failure(apiErrorMessage(error, tErrors("httpStatus", { status: response.status }))),
          };
        }
        const parsed = schema.safeParse(await response.json().catch(() => null));
        return parsed.success
          ? { state: "ready", data: parsed.data }
          : { state: "failed", message: failure(tErrors("unknown")) };
      } catch {
        return { state: "failed", message: failure(tErrors("network")) };
      }
    })().then((next) => {
      if (!stale) setLoad(next);
    });
    return () => {
      stale = true;
    };
  }, [path, schema, apiFetch, apiErrorMessage, tErrors, attempt]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  const setData = useCallback(
    (update: (data: T) => T) =>
      setLoad((current) =>
        current.state === "ready" ? { state: "ready", data: update(current.data) } : current,
      ),
    [],
  );
  return { load, reload, setData };
}

/** The documents answer as the media section shows it. */
export const userMediaResponseSchema = userDocumentsResponseSchema.transform(toMediaItems);
