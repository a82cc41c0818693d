import { QueryOrder } from "@mikro-orm/core";
import { containsPattern } from "~/server/db/like";
import { type LinkedRecord, type Provider, provide } from "~/server/extensions/contracts";
import { isUuid } from "~/server/http/responses";
import { DOWNSTREAM_PERMISSIONS } from "../domain/downstream-workflow";
import { Subcontract } from "../entities";
import { subcontractPath } from "../server/downstream-basics";

const recordOf = (subcontract: { id: string; code: string; title: string }): LinkedRecord => ({
  kind: "cncSubContract",
  id: subcontract.id,
  title: `${subcontract.code} · ${subcontract.title}`,
  href: subcontractPath(subcontract.id),
});

/**
 * Subcontracts as linked records (kind cncSubContract), so a docket or another module's record can name the
 * subcontract it belongs to: "SC-001 · Formwork to the piers".
 */
export const provider: Provider<"linked-records"> = provide("linked-records", {
  resolvers: [
    {
      kind: "cncSubContract",
      permission: DOWNSTREAM_PERMISSIONS.view,
      async resolve({ em, project }, ids) {
        const wanted = ids.filter(isUuid);
        if (wanted.length === 0) return [];
        const rows = await em.find(
          Subcontract,
          { project: project.id, id: { $in: wanted } },
          { fields: ["code", "title"], orderBy: { code: QueryOrder.ASC } },
        );
        return rows.map(recordOf);
      },
      async search({ em, project }, text, limit) {
        const pattern = containsPattern(text);
        const rows = await em.find(
          Subcontract,
          text
            ? { project: project.id, $or: [{ code: { $ilike: pattern } }, { title: { $ilike: pattern } }] }
            : { project: project.id },
          { fields: ["code", "title"], orderBy: { code: QueryOrder.ASC }, limit },
        );
        return rows.map(recordOf);
      },
    },
  ],
});
