import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  discardUploads,
  extensionsOf,
  isUploadError,
  parseUpload,
  type StoredUpload,
  saveAttachmentRecords,
  UPLOAD_LIMITS,
  uploadErrorMessage,
} from "~/server/uploads/index.server";
import {
  availableObservationSteps,
  canReassignObservationIn,
  initialObservationStatus,
  isObservationLive,
  kindNeedsWork,
  OBSERVATION_PERMISSIONS,
  type ObservationRelation,
} from "../domain/observation-workflow";
import { type ISafetyObservation, SafetyObservation } from "../entities";
import { actionsRaisedFrom } from "./action-sources.server";
import { choiceErrors } from "./form-choices.server";
import { notifyObservationEvent } from "./observation-notifications.server";
import { observationPhotos } from "./observation-photos.server";
import {
  OBSERVATION_ENTITY_TYPE,
  observationCreateSchema,
  observationEditSchema,
  observationPath,
} from "./observation-rules";

/** Safety observations on the server: the form, the detail page and who the user is to an observation. */

/** Photos and videos of what was seen (spec 5: 100 MB a file). */
export const PHOTO_EXTENSIONS = extensionsOf("image", "video");

/** The project's locations, as "Bridge › Span 2 › Deck", depth first: the form's and the filter's choices. */
export async function locationChoices(em: EntityManager, projectId: string) {
  return flattenLocationTree(await listLocationTree(em, projectId)).map((node) => ({
    value: node.id,
    label: node.ancestorsName,
  }));
}

export async function observationFormChoices(em: EntityManager, projectId: string) {
  const [members, locations] = await Promise.all([
    projectMemberChoices(em, projectId),
    locationChoices(em, projectId),
  ]);
  return { members, locations };
}
export type ObservationFormChoices = Awaited<ReturnType<typeof observationFormChoices>>;

/** A stale or forged assignee or location: the form's field errors. */
const observationChoiceErrors = (
  em: EntityManager,
  projectId: string,
  values: { assigneeId?: string; locationId?: string },
) =>
  choiceErrors(
    em,
    projectId,
    { members: { assigneeId: values.assigneeId }, locationId: values.locationId },
    message("safety:observation.errors.choiceNotFound"),
  );

/**
 * Raises an observation from the form and its photos (one multipart post): the files stream to storage
 * first (100 MB each), then the fields are checked; a refused form or upload keeps no file and writes
 * nothing. A positive observation, or one put right on the spot, is raised closed with no assignee.
 */
export async function createObservation(context: ProjectContext, request: Request) {
  const { em, project, user } = context;
  let fields: FormData;
  let files: StoredUpload[];
  try {
    ({ fields, files } = await parseUpload(request, {
      maxBytes: UPLOAD_LIMITS.standard,
      allowedExtensions: PHOTO_EXTENSIONS,
    }));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return data({ status: "error", error: { photos: [uploadErrorMessage(error)] } }, { status: 400 });
  }
  const submission = parseWithZod(fields, { schema: observationCreateSchema });
  if (submission.status !== "success") {
    await discardUploads(files);
    return data(submission.reply(), { status: 400 });
  }
  const values = submission.value;
  const status = initialObservationStatus(values.kind, values.rectifiedOnSpot);
  // Nothing to put right: nobody is assigned, whatever the form said.
  const assigneeId = status === "open" ? values.assigneeId : undefined;
  const fieldErrors = await observationChoiceErrors(em, project.id, { ...values, assigneeId });
  if (Object.keys(fieldErrors).length > 0) {
    await discardUploads(files);
    return data(submission.reply({ fieldErrors }), { status: 400 });
  }
  let observation: ISafetyObservation;
  try {
    observation = await em.transactional(async (tx) => {
      const now = new Date();
      const created = tx.create(SafetyObservation, {
        project: project.id,
        number: await nextNumber(tx, project.id, "OBS"),
        kind: values.kind,
        title: values.title,
        description: values.description || null,
        location: values.locationId ?? null,
        observedOn: values.observedOn,
        status,
        rectifiedOnSpot: kindNeedsWork(values.kind) && values.rectifiedOnSpot,
        assignee: assigneeId ?? null,
        closedAt: status === "closed" ? now : null,
        createdBy: user.id,
      } as never) as ISafetyObservation;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: OBSERVATION_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: { number: created.number, status, kind: values.kind, title: created.title },
      });
      await tx.flush();
      if (files.length > 0)
        await saveAttachmentRecords(tx, {
          projectId: project.id,
          entityType: OBSERVATION_ENTITY_TYPE,
          entityId: created.id,
          files,
          uploadedBy: user.id,
        });
      return created;
    });
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
  if (observation.assignee)
    await notifyObservationEvent(em, {
      project,
      observation,
      event: "observation-assigned",
      actorId: user.id,
      actorName: user.name,
    });
  return redirectWithToast(observationPath(observation.id), {
    type: "success",
    message: "safety:observation.toast.created",
    params: { number: observation.number },
  });
}

// ---------------------------------------------------------------------------------------------------
// One observation

/** Who the user is to the observation; a super admin is every party, a manager holds reassign (decision 028). */
export function observationRelationOf(
  context: ProjectContext,
  observation: ISafetyObservation,
): ObservationRelation {
  const hasWork = kindNeedsWork(observation.kind) && !observation.rectifiedOnSpot;
  if (context.user.isSuperAdmin) return { isRaiser: true, isAssignee: true, isManager: true, hasWork };
  return {
    isRaiser: observation.createdBy?.id === context.user.id,
    isAssignee: observation.assignee?.id === context.user.id,
    isManager: context.can(OBSERVATION_PERMISSIONS.reassign),
    hasWork,
  };
}

/** The observation of a URL in the project, or a 404. */
export async function observationById(
  context: ProjectContext,
  id: string | undefined,
): Promise<ISafetyObservation> {
  const observation = isUuid(id)
    ? await context.em.findOne(
        SafetyObservation,
        { id, project: context.project.id },
        { populate: ["assignee", "createdBy", "location"] },
      )
    : null;
  if (!observation) throw new Response("Not found", { status: 404 });
  return observation;
}

/** Its fields are edited by its raiser or a manager holding edit, while there is work on it. */
export function canEditObservation(context: ProjectContext, observation: ISafetyObservation): boolean {
  const relation = observationRelationOf(context, observation);
  return (
    relation.hasWork &&
    isObservationLive(observation.status) &&
    context.can(OBSERVATION_PERMISSIONS.edit) &&
    (relation.isRaiser || relation.isManager)
  );
}

export function canReassignObservation(context: ProjectContext, observation: ISafetyObservation): boolean {
  return (
    observationRelationOf(context, observation).hasWork &&
    canReassignObservationIn(observation.status) &&
    context.can(OBSERVATION_PERMISSIONS.reassign)
  );
}

async function locationName(em: EntityManager, projectId: string, locationId: string | undefined) {
  if (!locationId) return null;
  const node = flattenLocationTree(await listLocationTree(em, projectId)).find((n) => n.id === locationId);
  return node?.ancestorsName ?? null;
}

export async function loadObservationDetail(
  context: ProjectContext,
  observation: ISafetyObservation,
  tab: "details" | "activity",
) {
  const { em, project } = context;
  const relation = observationRelationOf(context, observation);
  const [entries, actions, photos, location] = await Promise.all([
    tab === "activity"
      ? activityRowsFor(em, OBSERVATION_ENTITY_TYPE, observation.id, 200)
      : Promise.resolve([]),
    actionsRaisedFrom(em, project.id, "observation", observation.id),
    tab === "details" ? observationPhotos(context, observation) : Promise.resolve([]),
    locationName(em, project.id, observation.location?.id),
  ]);
  return {
    id: observation.id,
    number: observation.number,
    kind: observation.kind,
    title: observation.title,
    description: observation.description ?? null,
    location,
    observedOn: dayOfDateColumn(observation.observedOn),
    status: observation.status,
    rectifiedOnSpot: observation.rectifiedOnSpot,
    assignee: observation.assignee ? { id: observation.assignee.id, name: observation.assignee.name } : null,
    createdBy: observation.createdBy?.name ?? null,
    createdAt: observation.createdAt.toISOString(),
    completedAt: observation.completedAt?.toISOString() ?? null,
    closedAt: observation.closedAt?.toISOString() ?? null,
    actions,
    photos,
    steps: availableObservationSteps(observation.status, grantedKeysOf(context), relation).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    })),
    activity: entries,
  };
}
export type ObservationDetail = Awaited<ReturnType<typeof loadObservationDetail>>;

/** The values the edit form starts from. */
export function observationFormValues(observation: ISafetyObservation) {
  return {
    kind: observation.kind,
    title: observation.title,
    description: observation.description ?? "",
    locationId: observation.location?.id ?? "",
    observedOn: dayOfDateColumn(observation.observedOn) ?? "",
  };
}

/**
 * Saves the edit form with an "updated" entry of what changed; nothing is written when the form is
 * refused or the observation was closed meanwhile. The assignee changes through re-assign.
 */
export async function editObservation(context: ProjectContext, observationId: string, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: observationEditSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const fieldErrors = await observationChoiceErrors(em, project.id, values);
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });
  const saved = await em.transactional(async (tx) => {
    const observation = await tx.findOne(SafetyObservation, { id: observationId, project: project.id });
    if (!observation) throw new Response("Not found", { status: 404 });
    if (!isObservationLive(observation.status)) return null;
    const before = {
      kind: observation.kind,
      title: observation.title,
      description: observation.description ?? null,
      locationId: observation.location?.id ?? null,
      observedOn: dayOfDateColumn(observation.observedOn),
    };
    const after = {
      kind: values.kind,
      title: values.title,
      description: values.description || null,
      locationId: values.locationId ?? null,
      observedOn: values.observedOn,
    };
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length === 0) return observation;
    tx.assign(observation, {
      kind: after.kind,
      title: after.title,
      description: after.description,
      location: after.locationId,
      observedOn: after.observedOn,
    } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: OBSERVATION_ENTITY_TYPE,
      entityId: observation.id,
      action: "updated",
      ...changed,
    });
    return observation;
  });
  if (!saved)
    return data(submission.reply({ formErrors: [message("safety:observation.errors.closed")] }), {
      status: 409,
    });
  return redirectWithToast(observationPath(saved.id), {
    type: "success",
    message: "safety:observation.toast.updated",
    params: { number: saved.number },
  });
}
