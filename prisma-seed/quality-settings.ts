import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject, IUser } from "~/server/db/entities";
import { findSettingsForm, saveSettings } from "~/server/settings/settings.server";
import { effectiveValues } from "~/server/settings/settings-fields";

/** The bridge project's own wording of the client's hold point mail, as a project team would set it. */
export const DEMO_CLIENT_EMAIL_TEMPLATE = [
  "Dear {clientName},",
  "",
  "Harbour works update: the inspection points below, on lot {lotNumber} of {projectName}, are ready for you on {dueOn}:",
  "{points}",
  "",
  "Please meet the site engineer at the north abutment site office. Open the link below to release the points,",
  "release them with a comment, or reject them with your reason.",
  "",
  "Regards,",
  "Quality team",
].join("\n");

/**
 * Demo quality settings (saved the way /quality/settings and the notification pages save them, with their
 * activity): the bridge project's client mail and a shorter link lifetime, and notification choices a team
 * would make — closed lots and disputed defects in the app only, ITPs approved for internal use in the app only.
 */
export async function seedQualitySettings(em: EntityManager, project: IProject, admin: IUser) {
  const changes: Record<string, Record<string, unknown>> = {
    holdPoints: { clientEmailTemplate: DEMO_CLIENT_EMAIL_TEMPLATE, linkLifetimeDays: 10 },
    lotNotifications: { lotClosed: "in-app", defectDisputed: "in-app" },
    itpNotifications: { itpInternalApprovedSendInternal: "in-app" },
  };
  for (const [form, values] of Object.entries(changes)) {
    const ref = findSettingsForm("project", "quality", form);
    if (!ref) throw new Error(`Quality declares no settings form "${form}"`);
    await saveSettings(em, {
      target: { scope: "project", projectId: project.id },
      ref,
      actorId: admin.id,
      values: { ...effectiveValues(ref.schema, null), ...values },
    });
  }
}
