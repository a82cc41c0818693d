import { parseWithZod } from "@conform-to/zod/v4";
import { activityRowsFor, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { type ISafetyTalk, SafetySignOn, SafetySignOnLink, SafetyTalk } from "../entities";
import { locationChoices } from "./observations.server";
import {
  openSignOnLink,
  openSubjectSignOn,
  revokeSubjectSignOn,
  type SignOnTarget,
  signOnLinkView,
} from "./sign-on.server";
import { MEETINGS_PATH, TALK_ENTITY_TYPE, talkPath } from "./talk-basics";
import { removeTalkPhotos, talkPhotos } from "./talk-photos.server";
import { talkDeleteSchema } from "./talk-rules";
import { canOnKind, talkAttendees } from "./talks.server";

/** A talk's page: its fields, attendance, photos, its QR sign-on link, the activity log; its intents. */

const signatureView = (signature: string | null | undefined) =>
  !signature
    ? null
    : signature.startsWith("typed:")
      ? { typed: signature.slice(6), image: null }
      : { typed: null, image: signature };

export async function loadTalkDetail(
  context: ProjectContext,
  talk: ISafetyTalk,
  tab: "details" | "activity",
) {
  const { em, project } = context;
  const canEdit = canOnKind(context, talk.kind, "edit");
  const [attendees, photos, entries, link, places] = await Promise.all([
    talkAttendees(em, talk.id),
    tab === "details" ? talkPhotos(context, talk) : Promise.resolve([]),
    tab === "activity" ? activityRowsFor(em, TALK_ENTITY_TYPE, talk.id, 200) : Promise.resolve([]),
    canEdit ? openSignOnLink(em, "talk", talk.id) : Promise.resolve(null),
    talk.location ? locationChoices(em, project.id) : Promise.resolve([]),
  ]);
  return {
    id: talk.id,
    number: talk.number,
    kind: talk.kind,
    title: talk.title,
    heldOn: dayOfDateColumn(talk.heldOn),
    supervisor: talk.supervisor?.name ?? null,
    location: talk.location
      ? (places.find((place) => place.value === talk.location?.id)?.label ?? null)
      : null,
    workPackage: talk.workPackage ?? null,
    subActivity: talk.subActivity ?? null,
    permit: talk.permit ? { id: talk.permit.id, number: talk.permit.number, title: talk.permit.title } : null,
    talkingPoints: talk.talkingPoints ?? null,
    comment: talk.comment ?? null,
    signature: signatureView(talk.supervisorSignature),
    createdBy: talk.createdBy?.name ?? null,
    createdAt: talk.createdAt.toISOString(),
    attendees: attendees.map((row) => ({
      id: row.id,
      name: row.name,
      company: row.company ?? null,
      status: row.status,
      remark: row.remark ?? null,
      signedAt: row.signOn?.signedAt.toISOString() ?? null,
      signature: signatureView(row.signOn?.signature),
    })),
    photos,
    signOn: await signOnLinkView(link),
    activity: entries,
  };
}
export type TalkDetail = Awaited<ReturnType<typeof loadTalkDetail>>;

const talkSignOnTarget = (talk: ISafetyTalk): SignOnTarget => ({
  subject: "talk",
  subjectId: talk.id,
  entityType: TALK_ENTITY_TYPE,
  pagePath: talkPath(talk.id),
});

/** Shows a new QR link for the talk (a shift long); an older open one is revoked, so one code is in use. */
export const openTalkSignOn = (context: ProjectContext, talk: ISafetyTalk) =>
  openSubjectSignOn(context, talkSignOnTarget(talk));

/** Ends the talk's QR link: whoever scans it now gets the "revoked" page. */
export const revokeTalkSignOn = (context: ProjectContext, talk: ISafetyTalk, formData: FormData) =>
  revokeSubjectSignOn(context, talkSignOnTarget(talk), formData);

/** Deletes a talk ("I am sure"), its attendance, its sign-ons and links; the photos go after the commit. */
export async function deleteTalk(context: ProjectContext, talk: ISafetyTalk, formData: FormData) {
  const { em, project, user } = context;
  if (!canOnKind(context, talk.kind, "delete")) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(formData, { schema: talkDeleteSchema });
  if (submission.status !== "success")
    return redirectWithToast(talkPath(talk.id), {
      type: "error",
      message: "safety:talk.errors.confirmDelete",
    });
  await em.transactional(async (tx) => {
    await tx.nativeDelete(SafetySignOnLink, { subjectType: "talk", subjectId: talk.id });
    await tx.nativeDelete(SafetySignOn, { subjectType: "talk", subjectId: talk.id });
    await tx.nativeDelete(SafetyTalk, { id: talk.id, project: project.id });
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: TALK_ENTITY_TYPE,
      entityId: talk.id,
      action: "deleted",
      before: { number: talk.number, kind: talk.kind, title: talk.title },
    });
  });
  await removeTalkPhotos(context, talk.id);
  return redirectWithToast(`${MEETINGS_PATH}?tab=${talk.kind}`, {
    type: "success",
    message: "safety:talk.toast.deleted",
    params: { number: talk.number },
  });
}
