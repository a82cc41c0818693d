import type { ProjectContext } from "~/server/permissions/guard.server";
import { type RecordFile, recordFiles } from "~/server/uploads/record-files.server";
import { DEFECT_PERMISSIONS } from "../domain/defect-workflow";
import type { IDefect } from "../entities";
import { defectPath } from "./defect-rules";
import { defectById, relationOf } from "./defects.server";

/**
 * A defect's photos and documents (server/uploads/record-files.server.ts). The raiser adds the photo of the
 * defect, the assignee the photo of the fix, QA what it needs; a closed defect's files are its record and
 * are not added to.
 */
export const DEFECT_ATTACHMENT = "quality-defect";

export type DefectFile = RecordFile;

export const defectFilePath = (defectId: string, fileId: string) => `${defectPath(defectId)}/files/${fileId}`;

export const defectFileStore = recordFiles<IDefect>({
  entityType: DEFECT_ATTACHMENT,
  pagePath: defectPath,
  find: defectById,
  isContributor(context, defect) {
    const relation = relationOf(context, defect);
    return relation.isRaiser || relation.isAssignee || context.can(DEFECT_PERMISSIONS.review);
  },
  stateRefusal: (defect) => (defect.status === "closed" ? "quality:defect.files.closed" : null),
  messages: { noFile: "quality:defect.files.noFile", added: "quality:defect.files.added" },
});

export const canAddDefectFiles = (context: ProjectContext, defect: IDefect) =>
  defectFileStore.canAdd(context, defect);

export const defectFiles = (context: ProjectContext, defect: IDefect) =>
  defectFileStore.list(context, defect);

export const uploadDefectFiles = (context: ProjectContext, defectId: string | undefined, request: Request) =>
  defectFileStore.upload(context, defectId, request);

export const downloadDefectFile = (
  context: ProjectContext,
  defectId: string | undefined,
  fileId: string | undefined,
) => defectFileStore.download(context, defectId, fileId);
