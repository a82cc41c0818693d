import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, data, redirect } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { allowExternalForm } from "~/server/auth/rate-limit.server";
import { env } from "~/server/env";
import { readForm } from "~/server/http/form.server";
import { currentOrigin } from "~/server/http/request-origin";
import type { RequestContext } from "~/server/permissions/guard.server";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { gatePath } from "../domain/in-out";
import { OperationInOutRecord } from "../in-out-entities";
import { signIn, signOut } from "./in-out.server";
import { lookUpGate } from "./in-out-gate.server";
import { signInSchema } from "./in-out-rules";

/**
 * The gate's external page (`/external/in-out/:id?token=`, no account, works without JavaScript): a person
 * signs in with name, company, role and induction; the same phone signs out later. The phone is remembered by
 * a signed cookie set at the sign-in (the stay's id, for this link only, a day long: decision 040); a phone
 * without it (another phone, cleared cookies) is signed out by the site office or the automatic sign-out.
 * Posts are rate-limited per link and address. A link that names nothing answers 404; a revoked or expired
 * one 410.
 */

const STAY_HOURS = 24;

let stayCookie: ReturnType<typeof createCookie> | undefined;
/** The stay this phone signed in, for the gate link it used: `{ gateId, recordId }`. */
function gateStayCookie() {
  stayCookie ??= createCookie("__in_out_stay", {
    httpOnly: true,
    sameSite: "lax",
    path: "/external/in-out",
    maxAge: STAY_HOURS * 3600,
    secure: env().APP_URL.startsWith("https://"),
    secrets: [env().SESSION_SECRET],
  });
  return stayCookie;
}

type RememberedStay = { gateId: string; recordId: string };

async function rememberedStay(request: Request, gateId: string): Promise<string | null> {
  const value = (await gateStayCookie().parse(request.headers.get("Cookie"))) as RememberedStay | null;
  return value && typeof value === "object" && value.gateId === gateId && typeof value.recordId === "string"
    ? value.recordId
    : null;
}

export type ClosedGate = { state: "invalid" | "expired" | "revoked" };
const closed = (state: ClosedGate["state"]) =>
  data({ state } satisfies ClosedGate, { status: state === "invalid" ? 404 : 410 });

async function openLink(context: RequestContext, request: Request, gateId: string | undefined) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const lookup = await lookUpGate(context.em, gateId, token);
  return { lookup, token };
}

/** The page: the sign-in form, or (the phone's stay still open) who is signed in since when and Sign out. */
export async function loadGatePage(context: RequestContext, request: Request, gateId: string | undefined) {
  const { lookup, token } = await openLink(context, request, gateId);
  if (lookup.state !== "valid") return closed(lookup.state);
  const url = new URL(request.url);
  const recordId = await rememberedStay(request, lookup.gate.id);
  const stay = recordId
    ? await context.em.findOne(OperationInOutRecord, {
        id: recordId,
        project: lookup.project.id,
        signedOutAt: null,
      })
    : null;
  const done = url.searchParams.get("done");
  return data({
    state: "valid" as const,
    action: gatePath(lookup.gate.id, token),
    projectName: lookup.project.name,
    timeZone: await projectTimeZone(context.em, lookup.project),
    onSite: stay ? { name: stay.name, company: stay.company, since: stay.signedInAt.toISOString() } : null,
    done: done === "in" || done === "out" ? done : null,
    name: (url.searchParams.get("name") ?? "").slice(0, 200),
  });
}

/** One post: `intent` sign-in (the form) or sign-out (the phone's remembered stay). */
export async function gateAction(context: RequestContext, request: Request, gateId: string | undefined) {
  const { lookup, token } = await openLink(context, request, gateId);
  if (lookup.state !== "valid") return closed(lookup.state);
  const address = currentOrigin()?.address ?? "unknown";
  if (!(await allowExternalForm(`in-out-gate:${lookup.gate.id}`, address)))
    return data(
      { status: "error", error: { "": [message("operation:inout.errors.tooMany")] } },
      { status: 429 },
    );
  const formData = await readForm(request);
  const path = gatePath(lookup.gate.id, token);
  const projectId = lookup.project.id;
  const zone = await projectTimeZone(context.em, lookup.project);
  if (formData.get("intent") === "sign-out") {
    const recordId = await rememberedStay(request, lookup.gate.id);
    const record = recordId
      ? await signOut(context.em, { projectId, actorId: null }, recordId, "gate")
      : null;
    if (!record)
      return data(
        { status: "error", error: { "": [message("operation:inout.errors.notSignedIn")] } },
        { status: 409 },
      );
    return redirect(`${path}&done=out&name=${encodeURIComponent(record.name)}`, {
      headers: { "Set-Cookie": await gateStayCookie().serialize("", { maxAge: 0 }) },
    });
  }
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await signIn(context.em, { projectId, actorId: null, zone }, submission.value, {
    source: "gate",
    gateId: lookup.gate.id,
  });
  if (!outcome.ok)
    return data(submission.reply({ formErrors: [message("operation:inout.errors.alreadyIn")] }), {
      status: 409,
    });
  return redirect(`${path}&done=in&name=${encodeURIComponent(outcome.record.name)}`, {
    headers: {
      "Set-Cookie": await gateStayCookie().serialize({
        gateId: lookup.gate.id,
        recordId: outcome.record.id,
      } satisfies RememberedStay),
    },
  });
}
