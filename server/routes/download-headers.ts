import { contentDisposition } from "../infra/storage/content-disposition";

/**
 * Headers for a file the API sends (stored uploads, generated PDFs). The browser must neither
 * guess another type (nosniff) nor run anything in it if it renders it (sandbox CSP without
 * allow-scripts, default-src 'none'); the file is personal, so no cache keeps a copy
 *.
 */
export function downloadHeaders(
  info: { size: number; contentType: string },
  disposition: "inline" | "attachment",
  fileName: string,
): Record<string, string> {
  return {
    "Content-Type": info.contentType,
    "Content-Length": String(info.size),
    "Content-Disposition": contentDisposition(disposition, fileName),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  };
}

/** A generated PDF sent as a download. */
export function pdfDownloadHeaders(pdf: Buffer, fileName: string): Record<string, string> {
  return downloadHeaders({ size: pdf.length, contentType: "application/pdf" }, "attachment", fileName);
}
