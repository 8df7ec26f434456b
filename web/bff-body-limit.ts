import { base64JsonBodyBytes, DEFAULT_BODY_MAX_BYTES } from "@/lib/body-limits";
import {
  CONTRACT_PDF_MAX_BYTES,
  ID_IMAGE_MAX_BYTES,
  STAMP_MAX_BYTES,
  TEMPLATE_HTML_MAX_BYTES,
} from "@/lib/constants";
import { SIGNATURE_MAX_BYTES } from "@/lib/schemas/contracts";

// Room for a form's fields and part headers beside its files.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The calls whose API routes take more than DEFAULT_BODY_MAX_BYTES (server/routes/json-body-limit.ts):
 * uploads, template HTML, signature and stamp images. Matched on the path as sent: a path spelled
 * another way gets the default cap, which refuses only what the API would refuse anyway.
 */
const LARGER_BODIES: { method: string; path: RegExp; maxBytes: number }[] = [
  // Front and back of an ID document.
  {
    method: "POST",
    path: /^\/api\/upload\/(personal|company)-id$/,
    maxBytes: 2 * ID_IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES,
  },
  {
    method: "POST",
    path: /^\/api\/upload\/contract\/(personal|company)$/,
    maxBytes: CONTRACT_PDF_MAX_BYTES + FORM_OVERHEAD_BYTES,
  },
  {
    method: "POST",
    path: /^\/api\/document-templates$/,
    maxBytes: TEMPLATE_HTML_MAX_BYTES + FORM_OVERHEAD_BYTES,
  },
  {
    method: "PUT",
    path: /^\/api\/document-templates\/[^/]+$/,
    maxBytes: TEMPLATE_HTML_MAX_BYTES + FORM_OVERHEAD_BYTES,
  },
  { method: "POST", path: /^\/api\/company-stamps$/, maxBytes: base64JsonBodyBytes(STAMP_MAX_BYTES) },
  {
    method: "POST",
    path: /^\/api\/contracts\/(sign|resign)$/,
    maxBytes: base64JsonBodyBytes(SIGNATURE_MAX_BYTES),
  },
];

/** The most the BFF passes on of a request body for this call. */
export function bodyLimitFor(method: string, pathname: string): number {
  const upper = method.toUpperCase();
  const larger = LARGER_BODIES.find((call) => call.method === upper && call.path.test(pathname));
  return larger?.maxBytes ?? DEFAULT_BODY_MAX_BYTES;
}
