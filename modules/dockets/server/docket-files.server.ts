import type { ProjectContext } from "~/server/permissions/guard.server";
import { recordFiles } from "~/server/uploads/record-files.server";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import type { IDocket } from "../entities";
import { DOCKET_ENTITY_TYPE, docketPath } from "./docket-basics";
import { docketById } from "./dockets.server";

/**
 * A docket's attachments (the Attachments tab; core record files, 100 MB each): the scan of the paper docket,
 * delivery notes, photos. Added and removed by who edits dockets until the docket is archived; an approved or
 * posted docket still takes the signed copy. Anyone who sees the docket opens them.
 */
export const docketFileStore = recordFiles<IDocket>({
  entityType: DOCKET_ENTITY_TYPE,
  pagePath: (id) => docketPath(id, "attachments"),
  find: (context: ProjectContext, id) => docketById(context, id),
  isContributor: (context) => context.can(DOCKET_PERMISSIONS.edit) || context.can(DOCKET_PERMISSIONS.create),
  removesAny: (context) => context.can(DOCKET_PERMISSIONS.edit),
  stateRefusal: (docket) => (docket.status === "archived" ? "dockets:messages.filesClosed" : null),
  messages: { noFile: "dockets:messages.noFile", added: "dockets:messages.filesAdded" },
});
