import { parseWithZod } from "@conform-to/zod/v4";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { type RecordFile, recordFiles } from "~/server/uploads/record-files.server";
import { isActionLive } from "../domain/action-workflow";
import type { ISafetyAction } from "../entities";
import { ACTION_ENTITY_TYPE, actionPath, evidenceDeleteSchema } from "./action-rules";
import { actionById, relationOf } from "./actions.server";

/**
 * An action's evidence: photos, videos and documents, the core record files of the action (entity type
 * "safety-action", so each file added or deleted is in the action's activity log). The creator, the
 * assignee and the managers add them until the action is closed; a file is removed by its uploader or a
 * manager, until then too.
 */
export type ActionEvidence = RecordFile;

export const evidencePath = (actionId: string, fileId: string) =>
  `${actionPath(actionId)}/evidence/${fileId}`;

const evidence = recordFiles<ISafetyAction>({
  entityType: ACTION_ENTITY_TYPE,
  pagePath: actionPath,
  find: actionById,
  isContributor(context, action) {
    const relation = relationOf(context, action);
    return relation.isCreator || relation.isAssignee || relation.isManager;
  },
  removesAny: (context, action) => relationOf(context, action).isManager,
  stateRefusal: (action) => (isActionLive(action.status) ? null : "safety:action.evidence.closed"),
  messages: {
    noFile: "safety:action.evidence.noFile",
    added: "safety:action.evidence.added",
    deleted: "safety:action.evidence.deleted",
    notFound: "safety:action.evidence.notFound",
  },
});

export const canAddEvidence = (context: ProjectContext, action: ISafetyAction) =>
  evidence.canAdd(context, action);

export const actionEvidence = (context: ProjectContext, action: ISafetyAction) =>
  evidence.list(context, action);

/** Evidence posted for an action, streamed to storage (100 MB each); nothing is kept when refused or failed. */
export const uploadEvidence = (context: ProjectContext, actionId: string | undefined, request: Request) =>
  evidence.upload(context, actionId, request);

/** Removes one file of the action's evidence (the form's `fileId`). */
export async function deleteEvidence(context: ProjectContext, action: ISafetyAction, formData: FormData) {
  const submission = parseWithZod(formData, { schema: evidenceDeleteSchema });
  if (submission.status !== "success")
    return redirectWithToast(actionPath(action.id), {
      type: "error",
      message: "safety:action.evidence.notFound",
    });
  return evidence.remove(context, action, submission.value.fileId);
}

/** The file, for anyone who may see the action; images and videos open in the browser. */
export const downloadEvidence = (
  context: ProjectContext,
  actionId: string | undefined,
  fileId: string | undefined,
) => evidence.download(context, actionId, fileId);

/** The files of a deleted action go with it (after the deletion committed). */
export const removeEvidenceOf = (context: ProjectContext, actionId: string) =>
  evidence.removeAll(context, actionId);
