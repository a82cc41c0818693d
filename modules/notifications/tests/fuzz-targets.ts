/** The inbox's forms, for the fuzz suite (tests/fuzz). */
import { Notification } from "~/server/db/entities";
import { fuzzTargets } from "~/tests/fuzz/targets";
import { inboxActionSchema } from "../inbox.server";
import { preferencesSchema } from "../server/centre.server";

export const targets = fuzzTargets({
  "/notifications": {
    forms: [{ name: "inbox", schema: inboxActionSchema }],
    async arrange(world) {
      const em = world.em;
      const notification = em.create(Notification, {
        project: world.project,
        recipient: world.withRights.user,
        event: "fuzz",
        title: "A lot was submitted",
        body: null,
        link: "/quality/lot",
        readAt: null,
      } as never);
      await em.flush();
      return { ids: [notification.id] };
    },
  },
  "/notifications/settings": {
    forms: [{ name: "preferences", schema: preferencesSchema() }],
  },
});
