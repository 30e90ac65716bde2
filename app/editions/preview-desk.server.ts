/**
 * The desk's preview intents (issue 52, /organize/preview): start (or move)
 * and leave this desk session's preview. The hint cookie travels with the
 * redirect; the state is the session's row (./preview.server.ts).
 */
import { previewText } from "~/content/preview";
import { intent } from "~/forms/intent-action.server";
import { isProduction } from "~/lib/config.server";
import { refusalOutcome } from "~/organize/action-intent.server";
import type { Desk } from "~/organize/guard.server";
import { LeavePreviewSchema, StartPreviewSchema } from "./preview-form";
import { clearPreviewHint, leavePreview, setPreviewHint, startPreview } from "./preview.server";

export const previewDeskIntents = {
  start: intent({
    schema: StartPreviewSchema,
    async handle(input, desk: Desk) {
      const started = await startPreview(desk.action, desk.sessionId, input);
      if (!started.ok) return refusalOutcome(started);
      return {
        ok: true,
        toast: { type: "success", title: "Preview started", description: started.message },
        // Straight to the site as it will be: the banner on every page leads back here.
        redirectTo: "/",
        headers: new Headers({ "Set-Cookie": setPreviewHint(isProduction(desk.env)) }),
      };
    },
  }),
  leave: intent({
    schema: LeavePreviewSchema,
    async handle(_input, desk: Desk) {
      const left = await leavePreview(desk.action, desk.sessionId);
      return {
        ok: true,
        toast: { type: "success", title: previewText.leave, description: left.message },
        redirectTo: "/organize/preview",
        headers: new Headers({ "Set-Cookie": clearPreviewHint(isProduction(desk.env)) }),
      };
    },
  }),
};
