import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { readForm } from "~/server/http/form.server";
import type { RequestContext } from "~/server/permissions/guard.server";
import { SafetyTalk } from "../entities";
import { dayText } from "./observations.server";
import { lookUpSignOnLink, recordSignOn } from "./sign-on.server";
import { signOnPath } from "./talk-basics";
import { signOnSchema } from "./talk-rules";
import { addSignedAttendee } from "./talks.server";

/**
 * The attendee's sign-on page of a talk (`/external/ptt/:id/sign-on?token=`, no account, works without
 * JavaScript): the talk, a form with name, company and a signature (drawn, or the name typed), and after
 * signing a thank-you with the name. A link that names nothing answers 404; an expired or revoked one 410,
 * each with its own page.
 */

export type ClosedSignOn = { state: "invalid" | "expired" | "revoked" };

const closed = (state: ClosedSignOn["state"]) =>
  data({ state } satisfies ClosedSignOn, { status: state === "invalid" ? 404 : 410 });

async function talkOfLink(context: RequestContext, linkId: string | undefined, token: string) {
  const lookup = await lookUpSignOnLink(context.em, "talk", linkId, token);
  if (lookup.state !== "valid") return { lookup, talk: null };
  const talk = await context.em.findOne(
    SafetyTalk,
    { id: lookup.link.subjectId, project: lookup.project.id },
    { populate: ["supervisor"] },
  );
  return { lookup, talk };
}

export async function loadSignOnPage(
  context: RequestContext,
  linkId: string | undefined,
  token: string,
  signed: string | null,
) {
  const { lookup, talk } = await talkOfLink(context, linkId, token);
  if (lookup.state !== "valid") return closed(lookup.state);
  if (!talk) return closed("invalid");
  return data({
    state: "valid" as const,
    action: signOnPath(lookup.link.id, token),
    projectName: lookup.project.name,
    talk: {
      number: talk.number,
      kind: talk.kind,
      title: talk.title,
      heldOn: dayText(talk.heldOn),
      supervisor: talk.supervisor?.name ?? null,
    },
    expiresAt: lookup.link.expiresAt.toISOString(),
    // The name just signed with (the redirect's `?signed=`), for the thank-you.
    signed: signed ? signed.slice(0, 200) : null,
  });
}

/**
 * One attendee signs: nothing is written for a refused form, a person who already signed (409), or a link
 * revoked or expired meanwhile (410).
 */
export async function signOnThroughLink(
  context: RequestContext,
  request: Request,
  linkId: string | undefined,
  token: string,
) {
  const { lookup, talk } = await talkOfLink(context, linkId, token);
  if (lookup.state !== "valid") return closed(lookup.state);
  if (!talk) return closed("invalid");
  const submission = parseWithZod(await readForm(request), { schema: signOnSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const outcome = await recordSignOn(context.em, lookup.link, values, async (tx, signOn) => {
    await addSignedAttendee(tx, talk.id, signOn);
    recordSecurityEvent(tx, {
      kind: "external-link.decided",
      actorId: null,
      projectId: lookup.project.id,
      details: {
        module: "safety",
        record: talk.number,
        action: "signed-on",
        name: values.name,
        company: values.company,
      },
    });
  });
  if (!outcome.ok) {
    if (outcome.reason === "link-not-valid")
      return closed(lookup.link.expiresAt.getTime() <= Date.now() ? "expired" : "revoked");
    return data(submission.reply({ formErrors: ["safety:talk.errors.alreadySigned"] }), { status: 409 });
  }
  return redirect(`${signOnPath(lookup.link.id, token)}&signed=${encodeURIComponent(values.name)}`);
}
