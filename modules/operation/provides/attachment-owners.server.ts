import { type Provider, provide } from "~/server/extensions/contracts";
import { SiteDiary } from "../diary-entities";
import { DIARY_ENTITY_TYPE, diaryPath } from "../server/diary-basics";

/** A site diary's photos open on the core attachment page for whoever sees the site diaries. */
export const provider: Provider<"attachments.owners"> = provide("attachments.owners", {
  owners: [
    {
      entityType: DIARY_ENTITY_TYPE,
      permission: "operation.siteDaries.view",
      async recordHref({ em }, diaryId) {
        const diary = await em.findOne(SiteDiary, { id: diaryId }, { fields: ["id"] });
        return diary ? diaryPath(diary.id) : null;
      },
    },
  ],
});
