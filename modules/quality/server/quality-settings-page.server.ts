import type { ProjectContext } from "~/server/permissions/guard.server";
import type { PermissionKey } from "~/server/permissions/keys";
import { type SettingsFormRef, settingsForms } from "~/server/settings/settings.server";
import { type SettingsRights, settingsAction, settingsCards } from "~/server/settings/settings-page.server";
import {
  eventsOfForm,
  QUALITY_EVENTS,
  type QualityAudience,
  type QualityNotificationForm,
} from "../domain/quality-notifications";

/**
 * Quality's own settings pages (/quality/settings, /quality/lot/notification, /quality/itp/notification) on the
 * core's settings forms (server/settings/settings-page.server): the same cards, validation, storage, activity
 * and messages as the project settings page, with quality's permissions deciding who views and who saves.
 */
export type QualitySettingsPage = {
  path: string;
  /** The manifest's settings forms the page shows. */
  forms: readonly string[];
  /** Saving needs this permission (on top of the route's, which views); resetting to defaults too. */
  save: PermissionKey;
  reset: PermissionKey;
  /** The toast of a successful save (settings namespace or the module's). */
  savedMessage: string;
};

export const QUALITY_SETTINGS: QualitySettingsPage = {
  path: "/quality/settings",
  forms: ["numbering", "holdPoints", "formTemplates"],
  save: "quality.settings.create-settings",
  reset: "quality.settings.delete-settings",
  savedMessage: "settings:toast.updated",
};

const notificationPage = (path: string, form: QualityNotificationForm, edit: PermissionKey) => ({
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

function formsOf(page: QualitySettingsPage): SettingsFormRef[] {
  const quality = settingsForms("project").filter((ref) => ref.moduleId === "quality");
  return page.forms.map((form) => {
    const ref = quality.find((candidate) => candidate.form === form);
    if (!ref) throw new Error(`Quality declares no settings form "${form}"`);
    return ref;
  });
}

const rightsOf = (page: QualitySettingsPage, context: ProjectContext) => (): SettingsRights => ({
  canSave: context.can(page.save),
  canReset: context.can(page.reset),
});

/** The page's cards: each form's fields, labels and the values in force, with what this member may do. */
export async function loadQualitySettings(context: ProjectContext, page: QualitySettingsPage) {
  const target = { scope: "project" as const, projectId: context.project.id };
  return settingsCards(context.em, context.locale, target, formsOf(page), rightsOf(page, context));
}

/** Saves or resets one of the page's forms ('Something went wrong, please try again' when the save fails). */
export async function saveQualitySettings(
  request: Request,
  context: ProjectContext,
  page: QualitySettingsPage,
  formData: FormData,
) {
  return settingsAction({
    request,
    formData,
    em: context.em,
    locale: context.locale,
    actorId: context.user.id,
    target: { scope: "project", projectId: context.project.id },
    forms: formsOf(page),
    rightsOf: rightsOf(page, context),
    redirectTo: () => page.path,
    savedMessage: () => page.savedMessage,
  });
}

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
