import type { ExternalToast, toast as sonnerToast } from "sonner";
import { TOAST } from "./constants";

type Toast = typeof sonnerToast;
type ToastId = string | number;

/**
 * Toasts, raised through these calls instead of sonner directly so the timings stay in one place
 * (success 2000 ms, error and blank 4000 ms, loading until dismissed).
 *
 * sonner (about 11 KiB of compressed script with its styles) loads with the first toast, not
 * with every page: the Toaster (components/ui/toaster.tsx) mounts it when `onToastWanted` says
 * a toast was raised, and calls `toasterListening` once it listens. Toasts raised before that
 * wait and then show in the order they were raised; a loading toast's id is known at once, so
 * it can be dismissed before it was ever shown.
 */
let wanted = false;
const wantListeners = new Set<() => void>();
let listening: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  listening = resolve;
});
let pending: Promise<unknown> = Promise.resolve();
let nextId = 0;

function withToast(show: (toast: Toast) => void) {
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
  pending = pending
    .then(() => toasterReady)
    .then(() => import("sonner"))
    .then(({ toast }) => show(toast))
    // A chunk that failed to load (say, the link dropped) loses this message, not the next.
    .catch((error: unknown) => console.error("toast not shown", error));
}

/** The Toaster's side: told (once) when the first toast is raised; at once if one already was. */
export function onToastWanted(listener: () => void): () => void {
  if (wanted) listener();
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

/** The Toaster's side: sonner is mounted and subscribed, so waiting toasts may show. */
export function toasterListening() {
  listening();
}

const show = (kind: "success" | "error" | "message" | "loading", message: string, options: ExternalToast) => {
  const id = options.id ?? `toast-${++nextId}`;
  withToast((toast) => {
    if (kind === "message") toast(message, { ...options, id });
    else toast[kind](message, { ...options, id });
  });
  return id;
};

export const notify = {
  success: (message: string) => show("success", message, { duration: TOAST.successMs }),
  error: (message: string) => show("error", message, { duration: TOAST.defaultMs }),
  message: (message: string) => show("message", message, { duration: TOAST.defaultMs }),
  loading: (message: string) => show("loading", message, { duration: Number.POSITIVE_INFINITY }),
  dismiss: (id?: ToastId) => withToast((toast) => toast.dismiss(id)),
};
