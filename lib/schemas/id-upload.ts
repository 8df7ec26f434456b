import { z } from "zod";
import { ID_NUMBER_MAX_LENGTH } from "@/lib/constants";
import { COMPANY_ID_TYPES, DOCUMENT_SIDES, PERSONAL_ID_TYPES } from "@/lib/vocabulary";

/**
 * The ID upload form as the browser checks it before sending; messages are keys of
 * IdUpload.errors. `earliestExpiry` is the first date taken (YYYY-MM-DD): the browser knows the
 * member's calendar, the API checks again against its own today. The images are checked for
 * type, size and content on choosing, so here they only have to be there.
 */
export function idUploadFormSchema(accountType: "personal" | "company", earliestExpiry: string) {
  const types: readonly string[] = accountType === "company" ? COMPANY_ID_TYPES : PERSONAL_ID_TYPES;
  const image = z.custom<File | null>((value) => value === null || value instanceof Blob);
  return z
    .object({
      idType: z.string().refine((value) => types.includes(value), "required"),
      idNumber: z.string().trim().min(1, "required").max(ID_NUMBER_MAX_LENGTH, "idNumberTooLong"),
      expiryDate: z
        .string()
        .min(1, "required")
        // An empty date is missing, not in the past.
        .refine((value) => value === "" || value >= earliestExpiry, "expiryInPast"),
      hasBackside: z.boolean(),
      front: image.refine((value) => value !== null, "required"),
      back: image,
    })
    .refine((values) => !values.hasBackside || values.back, {
      path: ["back"],
      message: "required",
      // Said together with the other fields' problems, not only once they are fixed.
      when: () => true,
    });
}

/** GET /api/documents/mine: the member's current ID images, each with a download URL valid for 5 minutes. */
export const ownIdDocumentsSchema = z.object({
  documents: z.array(
    z.object({
      id: z.string(),
      side: z.enum(DOCUMENT_SIDES).nullable(),
      documentType: z.string(),
      idType: z.string().nullable(),
      expiryDate: z.string().nullable(),
      originalFilename: z.string(),
      contentType: z.string(),
      sizeBytes: z.number(),
      uploadedAt: z.string(),
      signedUrl: z.string(),
      signedUrlExpiresAt: z.string(),
    }),
  ),
});
export type OwnIdDocument = z.infer<typeof ownIdDocumentsSchema>["documents"][number];
