import { type Provider, provide } from "~/server/extensions/contracts";
import { Defect, ItpItem, Lot, LotInspectionPoint, Ncr } from "../entities";
import { defectPath } from "../server/defect-basics";
import { DEFECT_ATTACHMENT } from "../server/defect-files.server";
import { POINT_EVIDENCE } from "../server/hold-point-link-page.server";
import { lotPointPath } from "../server/hp-wp-register-rules";
import { ITP_ITEM_ATTACHMENT } from "../server/itp-attachments.server";
import { itpPath } from "../server/itp-rules";
import { lotItpTabPath } from "../server/lot-itp.server";
import { ITR_ENTITY_TYPE } from "../server/lot-itr-rules";
import { ncrPath } from "../server/ncr-basics";
import { NCR_ATTACHMENT } from "../server/ncr-files.server";

/**
 * Quality's files open on the core attachment page for whoever sees their record: a lot's ITRs and a point's
 * evidence (also the evidence the client sent through a release link) with the lot register's permission, an
 * ITP item's files with the ITP register's, a defect's and an NCR's with theirs. A defect still in draft is
 * its raiser's only, as on its page.
 */
export const provider: Provider<"attachments.owners"> = provide("attachments.owners", {
  owners: [
    {
      entityType: ITR_ENTITY_TYPE,
      permission: "quality.lot.view",
      async recordHref({ em }, lotId) {
        const lot = await em.findOne(Lot, { id: lotId }, { fields: ["id"] });
        // The lot's ITRs are listed on its ITP tab.
        return lot ? lotItpTabPath(lot.id) : null;
      },
    },
    {
      entityType: POINT_EVIDENCE,
      permission: "quality.lot.view",
      async recordHref({ em }, pointId) {
        const point = await em.findOne(LotInspectionPoint, { id: pointId }, { fields: ["lot", "item"] });
        return point ? lotPointPath(point.lot.id, point.item.id) : null;
      },
    },
    {
      entityType: ITP_ITEM_ATTACHMENT,
      permission: "quality.itp.view",
      async recordHref({ em }, itemId) {
        const item = await em.findOne(ItpItem, { id: itemId }, { fields: ["itp"] });
        return item ? itpPath(item.itp.id) : null;
      },
    },
    {
      entityType: DEFECT_ATTACHMENT,
      permission: "quality.defects.view",
      async recordHref({ em }, defectId) {
        const defect = await em.findOne(Defect, { id: defectId }, { fields: ["id"] });
        return defect ? defectPath(defect.id) : null;
      },
      async mayOpen({ em, user }, defectId) {
        const defect = await em.findOne(Defect, { id: defectId }, { fields: ["status", "createdBy"] });
        return defect?.status !== "draft" || defect.createdBy?.id === user.id;
      },
    },
    {
      entityType: NCR_ATTACHMENT,
      permission: "quality.ncr.view",
      async recordHref({ em }, ncrId) {
        const ncr = await em.findOne(Ncr, { id: ncrId }, { fields: ["id"] });
        return ncr ? ncrPath(ncr.id) : null;
      },
    },
  ],
});
