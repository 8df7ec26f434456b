import { toast } from "sonner";
import { TOAST } from "./constants";

/**
 * Toast timings: success 2000 ms, error and blank 4000 ms, loading until dismissed.
 * Components call these instead of sonner directly so the timings stay in one place.
 */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST.successMs }),
  error: (message: string) => toast.error(message, { duration: TOAST.defaultMs }),
  message: (message: string) => toast(message, { duration: TOAST.defaultMs }),
  loading: (message: string) => toast.loading(message, { duration: Number.POSITIVE_INFINITY }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
