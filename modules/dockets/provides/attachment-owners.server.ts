import { type Provider, provide } from "~/server/extensions/contracts";
import { Docket, IntrayItem } from "../entities";
import { DOCKET_ENTITY_TYPE, docketPath } from "../server/docket-basics";
import { INTRAY_ENTITY_TYPE } from "../server/intray.server";
import { INTRAY_PATH } from "../server/intray-basics";

/**
 * Dockets' files open on the core attachment page: a docket's attachments for whoever sees the docket register,
 * an in-tray image for whoever sees the in-tray (set-aside items and those written up are on its set-aside list).
 */
export const provider: Provider<"attachments.owners"> = provide("attachments.owners", {
  owners: [
    {
      entityType: DOCKET_ENTITY_TYPE,
      permission: "dockets.docket.view",
      async recordHref({ em }, docketId) {
        const docket = await em.findOne(Docket, { id: docketId }, { fields: ["id"] });
        return docket ? docketPath(docket.id, "attachments") : null;
      },
    },
    {
      entityType: INTRAY_ENTITY_TYPE,
      permission: "dockets.intray.view",
      async recordHref({ em }, itemId) {
        const item = await em.findOne(IntrayItem, { id: itemId }, { fields: ["active"] });
        if (!item) return null;
        return item.active ? INTRAY_PATH : `${INTRAY_PATH}?show=set-aside`;
      },
    },
  ],
});
