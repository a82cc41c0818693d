import type { EntityManager } from "@mikro-orm/postgresql";
import { translateMessage } from "~/app/utils/message-key";
import type { IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { signedInMember } from "~/tests/setup/requests";
import { CALENDAR_PERMISSIONS, CNC_SETTINGS_PERMISSIONS } from "../server/calendar-basics";

/** Calendar tests' people: a commercial manager with every calendar and settings right, and a viewer. */
export async function calendarTeam(em: EntityManager, project: IProject) {
  const manager = await signedInMember(
    em,
    project,
    [...Object.values(CALENDAR_PERMISSIONS), ...Object.values(CNC_SETTINGS_PERMISSIONS)],
    { name: "Cal Manager" },
  );
  const viewer = await signedInMember(
    em,
    project,
    [CALENDAR_PERMISSIONS.viewCalendar, CALENDAR_PERMISSIONS.viewTask, CNC_SETTINGS_PERMISSIONS.view],
    { name: "Vera Viewer" },
  );
  return { manager, viewer };
}

/** Server messages (translation keys) in English, as the page shows them. */
export async function english(messages: string[] | null | undefined) {
  const cnc = await serverT("en", "cost-and-commercial");
  const common = await serverT("en", "common");
  const ui = await serverT("en", "ui");
  return (messages ?? []).map((text) =>
    translateMessage(
      (text.startsWith("common:") ? common : text.startsWith("ui:") ? ui : cnc) as never,
      text,
    ),
  );
}
