import { type ApiProblem, toApiProblem } from "./api-problem";

export type UploadResult = { ok: true; status: number } | { ok: false; status: number; problem: ApiProblem };

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch cannot report upload progress.
 * Same-origin, so the session cookies go along without withCredentials. Rejects on a network
 * failure or an abort; every HTTP answer resolves.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      const { status } = request;
      if (status >= 200 && status < 300) {
        resolve({ ok: true, status });
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not the JSON error shape (e.g. a proxy's HTML page): toApiProblem gives HTTP {status}.
      }
      resolve({ ok: false, status, problem: toApiProblem(status, body) });
    });
    request.addEventListener("error", () => reject(new Error("Network error")));
    request.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
