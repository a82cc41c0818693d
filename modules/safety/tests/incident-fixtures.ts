import type { EntityManager } from "@mikro-orm/postgresql";
import { type IProject, ProjectSetting } from "~/server/db/entities";
import { zonedParts } from "~/server/projects/time-zone";
import { signedInMember } from "~/tests/setup/requests";
import { INCIDENT_PERMISSIONS } from "../domain/incident-workflow";

/** Incident tests' people and helpers. */

const P = INCIDENT_PERMISSIONS;

/**
 * A site engineer who raises incidents (view, create, edit, update-status, delete), a SHE officer who
 * evaluates and investigates them (view, edit, update-status), an HSSE manager holding every incident
 * right (a manager: reassign-incident), and a viewer.
 */
export async function incidentSite(em: EntityManager, project: IProject) {
  const reporter = await signedInMember(
    em,
    project,
    [P.view, P.create, P.edit, P.updateStatus, P.delete, "safety.actions.view"],
    { name: "Rita Reporter" },
  );
  const she = await signedInMember(em, project, [P.view, P.edit, P.updateStatus, "safety.actions.view"], {
    name: "Sam Safety",
  });
  const manager = await signedInMember(em, project, [...Object.values(P), "safety.actions.view"], {
    name: "Hana Harris",
  });
  const viewer = await signedInMember(em, project, [P.view], { name: "Vic Viewer" });
  return { reporter, she, manager, viewer };
}

/** The wall clock of an instant in a zone as the form posts it. */
export function wallTime(instant: Date, zone: string) {
  const at = zonedParts(instant, zone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    occurredDate: `${at.year}-${pad(at.month)}-${pad(at.day)}`,
    occurredHour: String(at.hour),
    occurredMinute: pad(at.minute),
  };
}

export async function setProjectTimeZone(em: EntityManager, project: IProject, timeZone: string) {
  em.create(ProjectSetting, {
    project,
    moduleId: "project-settings",
    form: "general",
    values: { timeZone },
  } as never);
  await em.flush();
}
