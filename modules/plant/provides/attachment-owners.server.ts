import { type Provider, provide } from "~/server/extensions/contracts";
import { PlantDocument } from "../entities";
import { PLANT_DOCUMENT_ENTITY_TYPE, plantPath } from "../server/plant-basics";

/** A plant document's files open on the core attachment page for whoever sees the plant register. */
export const provider: Provider<"attachments.owners"> = provide("attachments.owners", {
  owners: [
    {
      entityType: PLANT_DOCUMENT_ENTITY_TYPE,
      permission: "plant.register.view",
      async recordHref({ em }, documentId) {
        const document = await em.findOne(PlantDocument, { id: documentId }, { fields: ["plant"] });
        return document ? plantPath(document.plant.id, "documents") : null;
      },
    },
  ],
});
