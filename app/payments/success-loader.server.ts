/**
 * The one loader of /registration-success and /sponsor-success (issue 21).
 * The server verifies before rendering (so the page is right without
 * JavaScript), through fulfill(): reaching the page before Stripe's webhook
 * fulfills the purchase, exactly once however often it loads. What was bought,
 * the amount and the company code are shown only to the signed-in owner.
 */
import { data, type RouterContextProvider } from "react-router";
import { requestSessionUser } from "~/auth/request-session.server";
import { requestNow } from "~/clock/page-clock.server";
import { requestContext } from "~/context";
import { log } from "~/lib/log.server";
import type { Toast } from "~/lib/toast";
import { paymentToasts } from "~/content/registration";
import { purchaseDetailsForOwner, verifyPayment, type PaymentStatus, type PurchaseDetails } from "./verify.server";

export type SuccessStatus = PaymentStatus | "enrolled";

type LoaderArgs = { request: Request; context: Readonly<RouterContextProvider> };

export async function successLoader(
  { request, context }: LoaderArgs,
  /** /registration-success also confirms an enrollment with a company code (?registration_id=, nothing paid). */
  { enrollment = false }: { enrollment?: boolean } = {},
) {
  const { env, requestId } = context.get(requestContext);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id") ?? "";
  const registrationId = enrollment ? url.searchParams.get("registration_id") : null;
  log("info", "payments.success_page", { requestId, sessionId: sessionId.slice(0, 80) });
  let paymentStatus: SuccessStatus = "unknown";
  let details: PurchaseDetails | null = null;
  let toast: Toast | null = null;
  try {
    const userId = (await requestSessionUser(request, context))?.id;
    if (registrationId) {
      details = await purchaseDetailsForOwner(env, { kind: "registration", recordId: registrationId, userId });
      if (details?.status === "enrolled") paymentStatus = "enrolled";
    } else {
      const verification = await verifyPayment(env, sessionId, { now: requestNow(context), requestId, request });
      paymentStatus = verification.paymentStatus;
      if (!verification.success) toast = { id: crypto.randomUUID(), ...paymentToasts.verificationError };
      if (verification.paymentStatus === "completed" && verification.kind && verification.recordId) {
        details = await purchaseDetailsForOwner(env, {
          kind: verification.kind,
          recordId: verification.recordId,
          userId,
        });
      }
    }
  } catch (error) {
    log("error", "payments.verification_failed", { requestId, error });
    toast = { id: crypto.randomUUID(), ...paymentToasts.verificationError };
    paymentStatus = "unknown";
  }
  const confirmed = paymentStatus === "completed" || paymentStatus === "enrolled";
  return data(
    { paymentStatus, details: confirmed ? details : null, toast },
    { headers: { "Cache-Control": "no-store" } },
  );
}
