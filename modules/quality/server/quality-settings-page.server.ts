import type { PermissionKey } from "~/server/permissions/keys";
import type { ModuleSettingsPage } from "~/server/settings/module-settings-page.server";
import {
  eventsOfForm,
  QUALITY_EVENTS,
  type QualityAudience,
  type QualityNotificationForm,
} from "../domain/quality-notifications";

/** Quality's own settings pages (/quality/settings, /quality/lot/notification, /quality/itp/notification). */
export type QualitySettingsPage = ModuleSettingsPage;

export const QUALITY_SETTINGS: QualitySettingsPage = {
  moduleId: "quality",
  path: "/quality/settings",
  forms: ["numbering", "holdPoints", "formTemplates"],
  save: "quality.settings.create-settings",
  reset: "quality.settings.delete-settings",
  savedMessage: "settings:toast.updated",
};

const notificationPage = (
  path: string,
  form: QualityNotificationForm,
  edit: PermissionKey,
): QualitySettingsPage => ({
  moduleId: "quality",
  path,
  forms: [form],
  save: edit,
  reset: edit,
  savedMessage: "settings:toast.notificationsUpdated",
});

export const LOT_NOTIFICATION_SETTINGS = notificationPage(
  "/quality/lot/notification",
  "lotNotifications",
  "quality.lot.edit-notification-settings",
);
export const ITP_NOTIFICATION_SETTINGS = notificationPage(
  "/quality/itp/notification",
  "itpNotifications",
  "quality.itp.edit-notification-settings",
);

/** A line of the "who hears what" table: the event and its audiences, as locale keys of quality:settings. */
export type WhoHearsWhat = { event: string; audiences: string[] };

const audienceKey = (audience: QualityAudience) =>
  "holdersOf" in audience ? audience.holdersOf.replaceAll(".", "_") : audience.party;

export function whoHearsWhat(form: QualityNotificationForm): WhoHearsWhat[] {
  return eventsOfForm(form).map((event) => ({
    event,
    audiences: QUALITY_EVENTS[event].to.map(audienceKey),
  }));
}
