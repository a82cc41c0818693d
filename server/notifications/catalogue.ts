import { registry } from "~/server/registry";
import type { PermissionRef } from "~/server/registry/manifest";

/** An event someone can be told about: whose it is (null for the core's own) and its label's i18n key. */
export type NotificationEventEntry = { moduleId: string | null; event: string; label: string };

/** A module's project notification-settings page and the permission its route asks. */
export type NotificationSettingsPage = {
  moduleId: string;
  label: string;
  path: string;
  permission?: PermissionRef;
};

/** The core's own events (an invitation to a project), told outside any module. */
export const CORE_NOTIFICATION_EVENTS: readonly NotificationEventEntry[] = [
  { moduleId: null, event: "member-added", label: "notifications:coreEvents.member-added" },
];

let events: NotificationEventEntry[] | undefined;

/** Every notification event, the core's first, then each module's as its manifest declares them. */
export function notificationEvents(): readonly NotificationEventEntry[] {
  events ??= [
    ...CORE_NOTIFICATION_EVENTS,
    ...registry().modules.flatMap((module) =>
      module.notifications.events.map((entry) => ({ moduleId: module.id, ...entry })),
    ),
  ];
  return events;
}

/** The module an event belongs to, for the inbox's module filter; null for the core's and unknown events. */
export function moduleOfEvent(event: string): string | null {
  return notificationEvents().find((entry) => entry.event === event)?.moduleId ?? null;
}

/** Every module's project notification-settings pages, with the permission of the route that serves each. */
export function notificationSettingsPages(): NotificationSettingsPage[] {
  const { modules, routes } = registry();
  return modules.flatMap((module) =>
    module.notifications.settingsPages.map((page) => ({
      moduleId: module.id,
      label: page.label,
      path: page.path,
      permission: routes.find((route) => route.path === page.path)?.permission,
    })),
  );
}
