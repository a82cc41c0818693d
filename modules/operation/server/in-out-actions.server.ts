import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { invariantResponse, isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { zonedParts } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { IN_OUT_PATH } from "../domain/in-out";
import { OperationInOutRecord } from "../in-out-entities";
import { correctStay, dayOf, deleteStay, signIn, signOut } from "./in-out.server";
import { openGate, revokeGate } from "./in-out-gate.server";
import {
  correctionSchema,
  deleteSchema,
  gateRevokeSchema,
  IN_OUT_INTENTS,
  signInSchema,
  signOutSchema,
} from "./in-out-rules";

/** The In/Out page's and a stay's page's posts, once the route has read the form and checked its intent (requireIntent). */

const toast = (to: string, type: "success" | "error", key: string, params: Record<string, string> = {}) =>
  redirectWithToast(to, { type, message: message(key, params) });

/** /operation/in-out: sign in, sign out, the gate link. Back to the page as it was (its date, search). */
export async function inOutAction(
  context: ProjectContext,
  request: Request,
  formData: FormData,
  intent: string,
) {
  const { em, project, user } = context;
  const back = `${IN_OUT_PATH}${new URL(request.url).search}`;
  if (intent === IN_OUT_INTENTS.signIn) {
    const submission = parseWithZod(formData, { schema: signInSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const zone = await projectTimeZone(em, project);
    const outcome = await signIn(em, { projectId: project.id, actorId: user.id, zone }, submission.value, {
      source: "app",
    });
    if (!outcome.ok) {
      const since = zonedParts(outcome.since, zone);
      const time = `${String(since.hour).padStart(2, "0")}:${String(since.minute).padStart(2, "0")}`;
      return data(
        submission.reply({
          formErrors: [message("operation:inout.errors.alreadyInSince", { name: outcome.name, time })],
        }),
        { status: 409 },
      );
    }
    return toast(back, "success", "operation:inout.toast.signedIn", { name: outcome.record.name });
  }
  if (intent === IN_OUT_INTENTS.signOut) {
    const submission = parseWithZod(formData, { schema: signOutSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const record = await signOut(
      em,
      { projectId: project.id, actorId: user.id },
      submission.value.recordId,
      "manual",
    );
    if (!record) return toast(back, "error", "operation:inout.errors.notOnSite");
    return toast(back, "success", "operation:inout.toast.signedOut", { name: record.name });
  }
  if (intent === IN_OUT_INTENTS.gateOpen) {
    await openGate(em, project.id, user.id);
    return toast(back, "success", "operation:inout.toast.gateOpened");
  }
  const submission = parseWithZod(formData, { schema: gateRevokeSchema });
  const revoked =
    submission.status === "success" && (await revokeGate(em, project.id, user.id, submission.value.gateId));
  return revoked
    ? toast(back, "success", "operation:inout.toast.gateRevoked")
    : toast(back, "error", "operation:inout.errors.notFound");
}

/** A stay as its page shows it: the times as HH:mm on the project's clock. */
export async function loadStay(context: ProjectContext, id: string | undefined) {
  const { em, project } = context;
  const record = isUuid(id) ? await em.findOne(OperationInOutRecord, { id, project: project.id }) : null;
  invariantResponse(record, "Not found", 404);
  const zone = await projectTimeZone(em, project);
  const clock = (instant: Date | null | undefined) => {
    if (!instant) return null;
    const parts = zonedParts(instant, zone);
    return `${String(parts.hour).padStart(2, "0")}:${String(parts.minute).padStart(2, "0")}`;
  };
  return {
    stay: {
      id: record.id,
      name: record.name,
      company: record.company,
      role: record.role,
      kind: record.kind,
      inducted: record.inducted,
      siteDay: dayOf(record.siteDay),
      signedIn: clock(record.signedInAt) ?? "",
      signedOut: clock(record.signedOutAt),
      signOutKind: record.signOutKind,
    },
    timeZone: zone,
    canDelete: context.can("operation.inOut.delete"),
  };
}

/** /operation/in-out/:id: correct the times (with a reason), or delete the stay (confirmed). */
export async function stayAction(
  context: ProjectContext,
  id: string | undefined,
  formData: FormData,
  intent: string,
) {
  const { stay } = await loadStay(context, id);
  const { em, project, user } = context;
  const back = `${IN_OUT_PATH}?date=${stay.siteDay}`;
  if (intent === IN_OUT_INTENTS.correct) {
    const submission = parseWithZod(formData, { schema: correctionSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const zone = await projectTimeZone(em, project);
    const outcome = await correctStay(
      em,
      { projectId: project.id, actorId: user.id, zone },
      stay.id,
      submission.value,
    );
    if (outcome === "already-in")
      return data(submission.reply({ formErrors: [message("operation:inout.errors.alreadyIn")] }), {
        status: 409,
      });
    if (outcome === "not-found") return toast(back, "error", "operation:inout.errors.notFound");
    return toast(back, "success", "operation:inout.toast.corrected", { name: stay.name });
  }
  const submission = parseWithZod(formData, { schema: deleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await deleteStay(em, { projectId: project.id, actorId: user.id }, stay.id);
  return toast(back, "success", "operation:inout.toast.deleted", { name: stay.name });
}
