import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import de from "../../messages/de.json";
import en from "../../messages/en.json";
import { idUploadRefusal, uploadWait } from "./id-upload-refusal";

const english = createTranslator({ locale: "en", messages: en });
const german = createTranslator({ locale: "de", messages: de });

describe("the ID upload step's words for a refused upload", () => {
  it("says the storage is full for STORAGE_QUOTA_EXCEEDED, not that the file is too large", () => {
    const quota = { status: 413, code: "STORAGE_QUOTA_EXCEEDED", retryAfterSeconds: null };
    expect(idUploadRefusal(quota)).toEqual({ say: "apiError" });
    expect(english("ApiErrors.STORAGE_QUOTA_EXCEEDED")).toBe(
      "Your documents have reached the storage limit. Please contact support.",
    );
    expect(german("ApiErrors.STORAGE_QUOTA_EXCEEDED")).toBe(
      "Ihre Dokumente haben das Speicherlimit erreicht. Bitte wenden Sie sich an den Support.",
    );
    // A file over 10 MB keeps its own words.
    expect(idUploadRefusal({ status: 413, code: "PAYLOAD_TOO_LARGE", retryAfterSeconds: null })).toEqual({
      say: "tooLarge",
    });
  });

  it("says how long to wait after too many uploads, in hours or minutes, in both languages", () => {
    const refusal = idUploadRefusal({ status: 429, code: "RATE_LIMITED", retryAfterSeconds: 5 * 3600 - 30 });
    expect(refusal).toEqual({ say: "tooManyUploads", wait: { unit: "hours", count: 5 } });
    const wait = refusal.say === "tooManyUploads" ? refusal.wait : uploadWait(null);
    expect(english("IdUpload.errors.tooManyUploads", wait)).toBe(
      "You have uploaded your ID document too often today. Please try again in 5 hours.",
    );
    expect(german("IdUpload.errors.tooManyUploads", wait)).toBe(
      "Sie haben Ihr Ausweisdokument heute zu oft hochgeladen. Bitte versuchen Sie es in 5 Stunden erneut.",
    );
    expect(english("IdUpload.errors.tooManyUploads", uploadWait(60))).toBe(
      "You have uploaded your ID document too often today. Please try again in 1 minute.",
    );
    expect(german("IdUpload.errors.tooManyUploads", uploadWait(58 * 60 + 1))).toBe(
      "Sie haben Ihr Ausweisdokument heute zu oft hochgeladen. Bitte versuchen Sie es in 59 Minuten erneut.",
    );
    // No time sent: still a clear answer, without a number.
    expect(english("IdUpload.errors.tooManyUploads", uploadWait(null))).toBe(
      "You have uploaded your ID document too often today. Please try again later.",
    );
  });

  it("rounds the wait up, so the member who comes back then is let in", () => {
    expect(uploadWait(86_400)).toEqual({ unit: "hours", count: 24 });
    expect(uploadWait(3601)).toEqual({ unit: "hours", count: 2 });
    expect(uploadWait(3600)).toEqual({ unit: "hours", count: 1 });
    expect(uploadWait(61)).toEqual({ unit: "minutes", count: 2 });
    expect(uploadWait(1)).toEqual({ unit: "minutes", count: 1 });
    expect(uploadWait(0)).toEqual({ unit: "unknown", count: 0 });
  });

  it("keeps the other refusals as before", () => {
    const other = (status: number, code: string) =>
      idUploadRefusal({ status, code, retryAfterSeconds: null });
    expect(other(415, "UNSUPPORTED_MEDIA_TYPE")).toEqual({ say: "invalidType" });
    expect(other(422, "VALIDATION_FAILED")).toEqual({ say: "fieldIssues" });
    expect(other(403, "FORBIDDEN")).toEqual({ say: "apiError" });
  });
});
