import { type Provider, provide } from "~/server/extensions/contracts";
import { ComplianceDocument } from "../entities";
import { COMPLIANCE_ENTITY_TYPE, upstreamPath } from "../server/upstream-basics";

/**
 * A compliance document's file opens on the core attachment page for whoever may download the head contract's
 * files: the module's own file route asks the same (seeing the Compliance tab alone does not open its files).
 */
export const provider: Provider<"attachments.owners"> = provide("attachments.owners", {
  owners: [
    {
      entityType: COMPLIANCE_ENTITY_TYPE,
      permission: "cost-and-commercial.upstream.download",
      async recordHref({ em }, documentId) {
        const document = await em.findOne(ComplianceDocument, { id: documentId }, { fields: ["id"] });
        return document ? upstreamPath("compliance") : null;
      },
    },
  ],
});
