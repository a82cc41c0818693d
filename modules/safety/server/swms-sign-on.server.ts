import { recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { SWMS_PERMISSIONS } from "../domain/swms-workflow";
import { type ISafetySwms, SafetySignOn, SafetySwms } from "../entities";
import {
  openSignOnLink,
  openSubjectSignOn,
  revokeSubjectSignOn,
  type SignOnTarget,
  signOnLinkView,
} from "./sign-on.server";
import { signOnPage } from "./sign-on-page.server";
import { SWMS_ENTITY_TYPE, swmsPath } from "./swms-basics";

/**
 * Workers sign on to an accepted SWMS through a QR link, as to a talk (decision 035, SWMS addendum): the
 * shared links and external page (`/external/swms/:id/sign-on?token=`), the SWMS's "Workers signed on"
 * section and its two intents. A SWMS that is no longer accepted takes no signature: its link answers as
 * revoked.
 */

/** Who shows and ends the code: a holder of edit or of manage-review-and-signoff (the manifest's intents). */
export const SWMS_SIGN_ON_PERMISSIONS = [SWMS_PERMISSIONS.edit, SWMS_PERMISSIONS.review] as const;

export const swmsSignOn = signOnPage({
  subject: "swms",
  async find(em, subjectId, project) {
    const swms = await em.findOne(
      SafetySwms,
      { id: subjectId, project: project.id },
      { populate: ["company"] },
    );
    if (!swms) return null;
    return swms.status === "accepted" ? swms : "revoked";
  },
  view: (swms, project) => ({
    swms: { number: swms.number, title: swms.title, company: swms.company.name, project: project.name },
  }),
  async onSigned(tx, swms, signOn, project) {
    recordActivity(tx, {
      projectId: project.id,
      actorId: null,
      entityType: SWMS_ENTITY_TYPE,
      entityId: swms.id,
      action: "worker-signed-on",
      after: { name: signOn.name, company: signOn.company ?? null, linkId: signOn.link?.id ?? null },
    });
  },
  reference: (swms) => swms.number,
  alreadySigned: "safety:swms.errors.alreadySigned",
});

/** The SWMS page's section: the open code (for who may show it, while accepted) and the workers signed on. */
export async function swmsSignOnSection(context: ProjectContext, swms: ISafetySwms) {
  const canManage = swms.status === "accepted" && SWMS_SIGN_ON_PERMISSIONS.some((key) => context.can(key));
  const [link, workers] = await Promise.all([
    canManage ? openSignOnLink(context.em, "swms", swms.id) : Promise.resolve(null),
    context.em.find(
      SafetySignOn,
      { subjectType: "swms", subjectId: swms.id, project: context.project.id },
      { orderBy: { signedAt: "asc" } },
    ),
  ]);
  return {
    canManage,
    link: await signOnLinkView(link),
    workers: workers.map((row) => ({
      id: row.id,
      name: row.name,
      company: row.company ?? null,
      signedAt: row.signedAt.toISOString(),
    })),
  };
}
export type SwmsSignOnSection = Awaited<ReturnType<typeof swmsSignOnSection>>;

const swmsSignOnTarget = (swms: ISafetySwms): SignOnTarget => ({
  subject: "swms",
  subjectId: swms.id,
  entityType: SWMS_ENTITY_TYPE,
  pagePath: swmsPath(swms.id),
});

/** Shows a new QR code for an accepted SWMS (the intent's permission is the manifest's). */
export async function openSwmsSignOn(context: ProjectContext, swms: ISafetySwms) {
  if (swms.status !== "accepted")
    return redirectWithToast(swmsPath(swms.id), {
      type: "error",
      message: "safety:swms.errors.signOnNotAccepted",
    });
  return openSubjectSignOn(context, swmsSignOnTarget(swms));
}

/** Ends the SWMS's QR code (also once it is no longer accepted). */
export const revokeSwmsSignOn = (context: ProjectContext, swms: ISafetySwms, formData: FormData) =>
  revokeSubjectSignOn(context, swmsSignOnTarget(swms), formData);
