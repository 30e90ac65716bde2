/**
 * Flash toasts: an action puts a toast in a signed cookie and redirects; the
 * root loader reads it, clears the cookie and renders it in the server HTML,
 * so it shows with and without JavaScript (ARCHITECTURE.md, Toasts).
 */
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { isProduction } from "./config.server";
import type { Toast } from "./toast";

export type { Toast, ToastType } from "./toast";

/**
 * Signs the cookie locally when no secret is configured. Public, so production
 * refuses it: app/lib/config.server.ts requires BETTER_AUTH_SECRET there.
 */
const DEVELOPMENT_SECRET = "development-only-toast-secret-not-for-production";

const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  title: z.string(),
  description: z.string().optional(),
});

export type ToastInput = Omit<Toast, "id"> & { id?: string };

function toastCookie(env: Pick<Env, "ENVIRONMENT" | "BETTER_AUTH_SECRET">) {
  const secret = env.BETTER_AUTH_SECRET;
  if (!secret && isProduction(env)) {
    throw new Error("BETTER_AUTH_SECRET is required in production to sign flash cookies");
  }
  return createCookie("toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(env),
    // A flash lives for the redirect that follows it, not longer.
    maxAge: 60,
    secrets: [secret || DEVELOPMENT_SECRET],
  });
}

/** The Set-Cookie value that carries `toast` to the next page. */
export async function createToastHeaders(
  env: Pick<Env, "ENVIRONMENT" | "BETTER_AUTH_SECRET">,
  toast: ToastInput,
): Promise<Headers> {
  const value: Toast = { ...toast, id: toast.id ?? crypto.randomUUID() };
  return new Headers({ "Set-Cookie": await toastCookie(env).serialize(value) });
}

/** Redirects to `url` with `toast` shown on the page it leads to. */
export async function redirectWithToast(
  env: Pick<Env, "ENVIRONMENT" | "BETTER_AUTH_SECRET">,
  url: string,
  toast: ToastInput,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const cookie of (await createToastHeaders(env, toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/**
 * The toast of this request, if any, and the header that clears it. A cookie
 * that is unsigned, tampered with or of an old shape counts as no toast.
 */
export async function getToast(
  request: Request,
  env: Pick<Env, "ENVIRONMENT" | "BETTER_AUTH_SECRET">,
): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader || !/(?:^|;\s*)toast=/.test(cookieHeader)) return { toast: null, headers: null };
  const cookie = toastCookie(env);
  const parsed = ToastSchema.safeParse(await cookie.parse(cookieHeader));
  const headers = new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}
