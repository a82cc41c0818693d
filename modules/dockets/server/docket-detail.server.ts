import { dayOfDateColumn } from "~/server/db/date-column";
import { resolveLinkedRecords } from "~/server/extensions/extensions.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import type { IDocket } from "../entities";
import type { DocketTab } from "./docket-basics";
import { docketFileStore } from "./docket-files.server";
import { canEditDocket, docketActivity, docketComments, docketItems, docketSteps } from "./dockets.server";

/** The docket page: its fields, steps and items, and what the open tab shows. */
export async function loadDocketDetail(context: ProjectContext, docket: IDocket, tab: DocketTab) {
  const [items, subcontract, area] = await Promise.all([
    docketItems(context.em, docket.id),
    docket.subcontractId
      ? resolveLinkedRecords(context, [{ kind: "cncSubContract", id: docket.subcontractId }])
      : Promise.resolve([]),
    docket.area ? context.em.populate(docket, ["area"]).then(() => docket.area?.name ?? null) : null,
  ]);
  return {
    id: docket.id,
    number: docket.number,
    status: docket.status,
    docketDate: dayOfDateColumn(docket.docketDate) ?? "",
    company: docket.company?.name ?? null,
    abn: docket.abn,
    poNumber: docket.poNumber,
    type: docket.type,
    costAccount: docket.costAccount,
    task: docket.task,
    workOrder: docket.workOrder,
    area,
    // The id alone is Cost and Commercial's; its title and link only when that module resolves it for me.
    subcontract: subcontract[0] ? { title: subcontract[0].title, href: subcontract[0].href } : null,
    hasSubcontract: Boolean(docket.subcontractId),
    receivedBy: docket.receivedBy?.name ?? null,
    receivedOn: dayOfDateColumn(docket.receivedOn),
    forApprovalBy: docket.forApprovalBy?.name ?? null,
    approvedBy: docket.approvedBy?.name ?? null,
    approvedAt: docket.approvedAt?.toISOString() ?? null,
    comments: docket.comments,
    totalCents: docket.totalCents,
    createdBy: docket.createdBy?.name ?? null,
    createdAt: docket.createdAt.toISOString(),
    items,
    files: tab === "attachments" ? await docketFileStore.list(context, docket) : [],
    activity: tab === "activity" ? await docketActivity(context, docket.id) : [],
    commentList: tab === "comments" ? await docketComments(context.em, docket.id) : [],
    steps: docketSteps(context, docket),
    can: {
      edit: canEditDocket(context, docket),
      addFiles: docketFileStore.canAdd(context, docket),
      comment: context.can(DOCKET_PERMISSIONS.view),
    },
  };
}
export type DocketDetail = Awaited<ReturnType<typeof loadDocketDetail>>;
