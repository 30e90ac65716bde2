/** A flash message: title then description (SPEC.md §8). Shared by server and browser. */
export type ToastType = "success" | "error" | "info";

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
}
