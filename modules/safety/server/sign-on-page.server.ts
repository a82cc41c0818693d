import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data, redirect } from "@remix-run/node";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import type { IProject } from "~/server/db/entities";
import { readForm } from "~/server/http/form.server";
import type { RequestContext } from "~/server/permissions/guard.server";
import { type SignOnSubject, signOnPath } from "../domain/sign-on";
import type { ISafetySignOn } from "../entities";
import { lookUpSignOnLink, recordSignOn } from "./sign-on.server";
import { type SignOnValues, signOnSchema } from "./talk-rules";

/**
 * The external sign-on page of any subject (`/external/<subject>/:id/sign-on?token=`, no account, works
 * without JavaScript): the record, a form with name, company and a signature (drawn, or the name typed),
 * and after signing a thank-you with the name. A link that names nothing answers 404; an expired or revoked
 * one 410, each with its own page. Each subject gives a small definition (decision 035, SWMS addendum).
 */

export type ClosedSignOn = { state: "invalid" | "expired" | "revoked" };

const closed = (state: ClosedSignOn["state"]) =>
  data({ state } satisfies ClosedSignOn, { status: state === "invalid" ? 404 : 410 });

export type SignOnSubjectDefinition<R, V extends Record<string, unknown>> = {
  subject: SignOnSubject;
  /**
   * The record a valid link names, in the link's project; `null` when it is gone, "revoked" when it no
   * longer takes signatures (a SWMS no longer accepted answers like a revoked link).
   */
  find(em: EntityManager, subjectId: string, project: IProject): Promise<R | null | "revoked">;
  /** What the page shows of the record, spread into the page's data (`{ talk: … }`, `{ swms: … }`). */
  view(record: R, project: IProject): V;
  /** What signing adds besides the signature, in its transaction (a talk's attendance; the activity log). */
  onSigned(tx: EntityManager, record: R, signOn: ISafetySignOn, project: IProject): Promise<void>;
  /** The record's reference in the security log's entry. */
  reference(record: R): string;
  alreadySigned: string;
};

export function signOnPage<R, V extends Record<string, unknown>>(definition: SignOnSubjectDefinition<R, V>) {
  async function recordOfLink(context: RequestContext, linkId: string | undefined, token: string) {
    const lookup = await lookUpSignOnLink(context.em, definition.subject, linkId, token);
    if (lookup.state !== "valid") return { lookup, record: null, closedAs: lookup.state } as const;
    const record = await definition.find(context.em, lookup.link.subjectId, lookup.project);
    if (record === "revoked") return { lookup, record: null, closedAs: "revoked" } as const;
    if (!record) return { lookup, record: null, closedAs: "invalid" } as const;
    return { lookup, record, closedAs: null } as const;
  }

  /** The page of the link `:id` (`linkId`); its token and the name just signed with are in the URL. */
  async function load(context: RequestContext, request: Request, linkId: string | undefined) {
    const url = new URL(request.url);
    const token = url.searchParams.get("token") ?? "";
    const signed = url.searchParams.get("signed");
    const { lookup, record, closedAs } = await recordOfLink(context, linkId, token);
    if (closedAs || lookup.state !== "valid" || record === null) return closed(closedAs ?? "invalid");
    return data({
      state: "valid" as const,
      action: signOnPath(definition.subject, lookup.link.id, token),
      projectName: lookup.project.name,
      ...definition.view(record, lookup.project),
      expiresAt: lookup.link.expiresAt.toISOString(),
      // The name just signed with (the redirect's `?signed=`), for the thank-you.
      signed: signed ? signed.slice(0, 200) : null,
    });
  }

  /**
   * One person signs: nothing is written for a refused form, a person who already signed (409), or a link
   * revoked or expired meanwhile (410).
   */
  async function sign(context: RequestContext, request: Request, linkId: string | undefined) {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    const { lookup, record, closedAs } = await recordOfLink(context, linkId, token);
    if (closedAs || lookup.state !== "valid" || record === null) return closed(closedAs ?? "invalid");
    const submission = parseWithZod(await readForm(request), { schema: signOnSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const values: SignOnValues = submission.value;
    const project = lookup.project;
    const outcome = await recordSignOn(context.em, lookup.link, values, async (tx, signOn) => {
      await definition.onSigned(tx, record, signOn, project);
      recordSecurityEvent(tx, {
        kind: "external-link.decided",
        actorId: null,
        projectId: project.id,
        details: {
          module: "safety",
          record: definition.reference(record),
          action: "signed-on",
          name: values.name,
          company: values.company,
        },
      });
    });
    if (!outcome.ok) {
      if (outcome.reason === "link-not-valid")
        return closed(lookup.link.expiresAt.getTime() <= Date.now() ? "expired" : "revoked");
      return data(submission.reply({ formErrors: [definition.alreadySigned] }), { status: 409 });
    }
    const path = signOnPath(definition.subject, lookup.link.id, token);
    return redirect(`${path}&signed=${encodeURIComponent(values.name)}`);
  }

  return { load, sign };
}
