import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { type RecordFile, recordFiles } from "~/server/uploads/record-files.server";
import { isObservationLive } from "../domain/observation-workflow";
import type { ISafetyObservation } from "../entities";
import { OBSERVATION_ENTITY_TYPE, observationPath } from "./observation-basics";
import { photoDeleteSchema } from "./observation-rules";
import { observationById, observationRelationOf } from "./observations.server";

/**
 * An observation's photos (and videos): the core record files of entity type "safety-observation", so each
 * file added or removed is in the observation's activity log. Taken when it is raised, and added later (the
 * "after" photo of the fix) by the raiser, the assignee or a manager until it is closed; a photo is removed
 * by its uploader or a manager, until then too.
 */
export type ObservationPhoto = RecordFile;

// The observation's own functions are called late (arrows): this file and observations.server import each other.
const photos = recordFiles<ISafetyObservation>({
  entityType: OBSERVATION_ENTITY_TYPE,
  pagePath: observationPath,
  find: (context, id) => observationById(context, id),
  isContributor(context, observation) {
    const relation = observationRelationOf(context, observation);
    return relation.isRaiser || relation.isAssignee || relation.isManager;
  },
  removesAny: (context, observation) => observationRelationOf(context, observation).isManager,
  stateRefusal: (observation) =>
    isObservationLive(observation.status) ? null : "safety:observation.photos.closed",
  messages: {
    noFile: "safety:observation.photos.noFile",
    added: "safety:observation.photos.added",
    deleted: "safety:observation.photos.deleted",
    notFound: "safety:observation.photos.notFound",
  },
});

export const canAddPhotos = (context: ProjectContext, observation: ISafetyObservation) =>
  photos.canAdd(context, observation);

export const observationPhotos = (context: ProjectContext, observation: ISafetyObservation) =>
  photos.list(context, observation);

/** Photos posted for an observation, streamed to storage (100 MB each); nothing is kept when refused. */
export const uploadPhotos = (context: ProjectContext, observationId: string | undefined, request: Request) =>
  photos.upload(context, observationId, request);

/** Removes one photo (the form's `fileId`). */
export async function deletePhoto(
  context: ProjectContext,
  observation: ISafetyObservation,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: photoDeleteSchema });
  if (submission.status !== "success")
    return redirectWithToast(observationPath(observation.id), {
      type: "error",
      message: "safety:observation.photos.notFound",
    });
  return photos.remove(context, observation, submission.value.fileId);
}

/** The file, for anyone who may see the observation; photos and videos open in the browser. */
export const downloadPhoto = (
  context: ProjectContext,
  observationId: string | undefined,
  fileId: string | undefined,
) => photos.download(context, observationId, fileId);

/** The photos of a deleted observation go with it (after the deletion committed). */
export const removePhotosOf = (context: ProjectContext, observationId: string) =>
  photos.removeAll(context, observationId);
