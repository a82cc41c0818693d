/**
 * The safety settings page's path, permissions, intents and links: what the page needs in the browser,
 * without zod or the database.
 */

export const SETTINGS_PATH = "/safety/setting";

export const SETTINGS_PERMISSIONS = {
  view: "safety.settings.view-settings",
  edit: "safety.settings.create-settings",
} as const;

export const SETTINGS_INTENTS = { saveHours: "save-hours" } as const;

/** The manifest's incident settings form (In/Out automatic sign-out). */
export const INCIDENT_SETTINGS_FORM = { moduleId: "safety", form: "incidentSettings" } as const;

/** The activity log's entity type for hours worked: one history per project (entity id = the project's). */
export const HOURS_ENTITY_TYPE = "safety-hours-worked";

/**
 * The notification and list settings pages the settings page links to. Each is shown only when its route is
 * in the registry and the user may open it: the incidents' pages arrive with the incidents' branch and appear
 * here without a change to this page.
 */
export const SETTINGS_LINKS = [
  { path: "/safety/actions/notification", label: "safety:setting.links.actionNotifications" },
  { path: "/safety/ims/notification", label: "safety:setting.links.incidentNotifications" },
  { path: "/safety/setting/reference-lists", label: "safety:setting.links.referenceLists" },
  { path: "/safety/swms/notification", label: "safety:setting.links.swmsNotifications" },
] as const;

export type SettingsLink = { path: string; label: string };
