import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { NotificationPreference } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { notificationEvents, notificationSettingsPages } from "~/server/notifications/catalogue";
import type { PermissionRef } from "~/server/permissions/keys";
import { registry } from "~/server/registry";

/** The modules switched on for the project that tell people about something, with their titles. */
export async function moduleChoices(locale: Locale, disabledModules: ReadonlySet<string>) {
  const t = await serverT(locale, "notifications");
  return registry()
    .modules.filter((module) => module.notifications.events.length > 0 && !disabledModules.has(module.id))
    .map((module) => ({ id: module.id, title: t(module.title) as string }));
}

export type PreferenceRow = { event: string; label: string; inApp: boolean; email: boolean };
export type PreferenceGroup = { moduleId: string | null; title: string; events: PreferenceRow[] };

/**
 * The user's choice for every event of the core and of the modules on for the project, grouped by module;
 * an event without a stored row is on in both channels.
 */
export async function preferenceGroups(
  em: EntityManager,
  userId: string,
  locale: Locale,
  disabledModules: ReadonlySet<string>,
): Promise<PreferenceGroup[]> {
  const t = await serverT(locale, "notifications");
  const stored = new Map(
    (await em.find(NotificationPreference, { user: userId })).map((row) => [row.event, row]),
  );
  const titles = new Map(registry().modules.map((module) => [module.id, t(module.title) as string]));
  const groups = new Map<string | null, PreferenceGroup>();
  for (const entry of notificationEvents()) {
    if (entry.moduleId && disabledModules.has(entry.moduleId)) continue;
    let group = groups.get(entry.moduleId);
    if (!group) {
      group = {
        moduleId: entry.moduleId,
        title: entry.moduleId ? (titles.get(entry.moduleId) ?? entry.moduleId) : t("settingsPage.general"),
        events: [],
      };
      groups.set(entry.moduleId, group);
    }
    const row = stored.get(entry.event);
    group.events.push({
      event: entry.event,
      label: t(entry.label) as string,
      inApp: row?.inApp ?? true,
      email: row?.email ?? true,
    });
  }
  return [...groups.values()];
}

/** The form's field names: a checkbox per event and channel; an unchecked box sends nothing. */
export const preferenceField = (channel: "inApp" | "email", event: string) => `${channel}:${event}`;

/**
 * The settings form: the events it showed (each a hidden `event` field, only known events count), and per
 * event an `inApp:<event>` and an `email:<event>` checkbox, read beside the schema since their names vary.
 */
export const preferencesSchema = () => {
  const [first, ...rest] = notificationEvents().map((entry) => entry.event);
  return z.object({ event: z.array(z.enum([first, ...rest])).min(1) });
};

/**
 * Stores the user's choices for the events the form showed: a row only where a channel is off, so the
 * defaults (both on) need none. Returns how many events were saved, or null when the form names no known event.
 */
export async function savePreferences(
  em: EntityManager,
  userId: string,
  form: FormData,
): Promise<number | null> {
  const parsed = preferencesSchema().safeParse({ event: form.getAll("event").map(String) });
  if (!parsed.success) return null;
  const shown = [...new Set(parsed.data.event)];
  const stored = new Map(
    (await em.find(NotificationPreference, { user: userId, event: { $in: shown } })).map((row) => [
      row.event,
      row,
    ]),
  );
  for (const event of shown) {
    const inApp = form.get(preferenceField("inApp", event)) === "on";
    const email = form.get(preferenceField("email", event)) === "on";
    const row = stored.get(event);
    if (inApp && email) {
      if (row) em.remove(row);
    } else if (row) {
      row.inApp = inApp;
      row.email = email;
    } else em.create(NotificationPreference, { user: userId, event, inApp, email });
  }
  await em.flush();
  return shown.length;
}

/** The project notification-settings pages of the modules on for the project that the member may open. */
export async function settingsPageLinks(
  locale: Locale,
  disabledModules: ReadonlySet<string>,
  can: (ref: PermissionRef | undefined) => boolean,
) {
  const t = await serverT(locale, "notifications");
  return notificationSettingsPages()
    .filter(
      (page) => !disabledModules.has(page.moduleId) && can(page.permission as PermissionRef | undefined),
    )
    .map((page) => ({ path: page.path, label: t(page.label) as string }));
}
