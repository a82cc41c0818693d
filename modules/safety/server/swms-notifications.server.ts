import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { type Audience, audienceMembers } from "~/server/notifications/audience.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import { SWMS_PERMISSIONS, type SwmsEvent } from "../domain/swms-workflow";
import type { ISafetySwms } from "../entities";
import { swmsPath } from "./swms-basics";

/** The swmsNotifications settings form of the manifest: spec 6's four events, each on or off. */
export type SwmsNotificationSettings = {
  highRiskCreated: boolean;
  initialReviewDone: boolean;
  nonHighRiskCreated: boolean;
  signOff: boolean;
};

export const SWMS_NOTIFICATION_FORM = { moduleId: "safety", form: "swmsNotifications" } as const;

const SETTING_OF: Record<SwmsEvent, keyof SwmsNotificationSettings> = {
  "high-risk-created": "highRiskCreated",
  "initial-review-done": "initialReviewDone",
  "non-high-risk-created": "nonHighRiskCreated",
  "signed-off": "signOff",
};

/**
 * Tells the people an event concerns, as the project's settings say, in each reader's language, after the
 * commit (the actor is never told): a SWMS sent for review ("created" for review: a draft is its author's
 * own) and an initial review done tell the reviewers (holders of manage-review-and-signoff); a sign-off,
 * accepted or not, tells its author.
 */
export async function notifySwmsEvent(
  em: EntityManager,
  input: {
    project: IProject;
    swms: Pick<ISafetySwms, "id" | "number" | "title"> & { createdBy?: { id: string } | null };
    event: SwmsEvent;
    accepted?: boolean;
    actorId: string;
    actorName: string;
  },
) {
  const { project, swms, event } = input;
  const settings = await readProjectSettings<SwmsNotificationSettings>(
    em,
    project.id,
    SWMS_NOTIFICATION_FORM.moduleId,
    SWMS_NOTIFICATION_FORM.form,
  );
  if (!settings[SETTING_OF[event]]) return null;
  const audience: Audience =
    event === "signed-off" ? { people: [swms.createdBy?.id] } : { holdersOf: SWMS_PERMISSIONS.review };
  const recipients = await audienceMembers(em, project, [audience]);
  if (recipients.length === 0) return null;
  const key = event === "signed-off" ? (input.accepted ? "accepted" : "not-accepted") : event;
  const text = (part: string) => async (locale: Locale) =>
    (await serverT(locale, "safety"))(`swms.notifications.${key}.${part}`, {
      number: swms.number,
      title: swms.title,
      project: project.name,
      actor: input.actorName,
    });
  return notify(em, {
    projectId: project.id,
    event: `swms-${event}`,
    recipients,
    title: text("title"),
    body: text("body"),
    link: swmsPath(swms.id),
    actorId: input.actorId,
    fallbackLocale: projectLocale(project),
  });
}
