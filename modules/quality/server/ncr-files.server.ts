import type { ProjectContext } from "~/server/permissions/guard.server";
import { recordFiles } from "~/server/uploads/record-files.server";
import { NCR_PERMISSIONS } from "../domain/ncr-workflow";
import type { INcr } from "../entities";
import { ncrPath } from "./ncr-rules";
import { ncrById } from "./ncrs.server";

/**
 * An NCR's photos and documents (decision 027; server/record-files.server.ts, as for defects): the evidence
 * of the nonconformity, of the containment and of the correction. Added while the NCR is worked on — in
 * progress or in review — by who edits it (quality.ncr.edit) or reviews it (quality.ncr.review); a closed or
 * archived NCR's files are its record. Anyone who sees the NCR opens them.
 */
export const NCR_ATTACHMENT = "quality-ncr";

export const ncrFilePath = (ncrId: string, fileId: string) => `${ncrPath(ncrId)}/files/${fileId}`;

export const ncrFileStore = recordFiles<INcr>({
  entityType: NCR_ATTACHMENT,
  pagePath: ncrPath,
  find: (context: ProjectContext, id) => ncrById(context.em, context.project.id, id),
  isContributor: (context) => context.can(NCR_PERMISSIONS.edit) || context.can(NCR_PERMISSIONS.review),
  stateRefusal: (ncr) =>
    ncr.status === "in_progress" || ncr.status === "in_review" ? null : "quality:ncrFiles.closed",
  messages: { noFile: "quality:ncrFiles.noFile", added: "quality:ncrFiles.added" },
});
