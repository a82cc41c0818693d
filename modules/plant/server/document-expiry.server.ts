import type { EntityManager } from "@mikro-orm/postgresql";
import { dayOfDateColumn } from "~/server/db/date-column";
import { Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { defineJob, enqueueJob } from "~/server/jobs/jobs.server";
import { defineSchedule } from "~/server/jobs/schedules.server";
import { zonedDay, zonedParts } from "~/server/projects/time-zone";
import { projectTimeZone, projectToday } from "~/server/projects/time-zone.server";
import { projectsWithModule } from "~/server/settings/project-modules.server";
import { addDays } from "../domain/plant-rules";
import { PlantDocument } from "../entities";
import { plantPath } from "./plant-basics";
import { notifyPlantEvent } from "./plant-notifications.server";
import { plantNotificationSettingsOf, plantSettingsOf } from "./plant-settings.server";

/**
 * The daily document expiry notices of a project's plant (decision 038): each document of a plant that is not
 * archived is told once when it comes within the warning window ("expiring") and once when it has expired,
 * per expiry date — the document row remembers the date each notice was sent for, so a rerun (a retried
 * job, two servers) tells nobody twice, and a renewed document with a new date is told again when its time
 * comes. A project that turned the event off is not told, and its documents are not marked (turning it on
 * later tells what is due then).
 */
export async function sendDocumentExpiryNotices(manager: EntityManager, projectId: string, today: string) {
  const em = scopeToProject(manager, projectId);
  if ((await plantNotificationSettingsOf(em, projectId)).documentExpiring === "off") return 0;
  const { expiryWarningDays } = await plantSettingsOf(em, projectId);
  const horizon = addDays(today, expiryWarningDays);
  const documents = await em.find(
    PlantDocument,
    { project: projectId, expiryDate: { $ne: null, $lte: horizon }, plant: { status: { $ne: "ARCHIVED" } } },
    { populate: ["plant"], orderBy: { expiryDate: "asc" } },
  );
  let told = 0;
  for (const document of documents) {
    const expiry = dayOfDateColumn(document.expiryDate)!;
    const expired = expiry < today;
    // Marked first, with a conditional update: of two runs at once only the one that marks it tells.
    const marked = await em.nativeUpdate(
      PlantDocument,
      expired
        ? { id: document.id, $or: [{ expiredNoticeFor: null }, { expiredNoticeFor: { $ne: expiry } }] }
        : { id: document.id, $or: [{ expiringNoticeFor: null }, { expiringNoticeFor: { $ne: expiry } }] },
      expired ? { expiredNoticeFor: expiry } : { expiringNoticeFor: expiry },
    );
    if (marked === 0) continue;
    // An expired document that was never told "expiring" (added late) gets the expired notice only.
    const outcome = await notifyPlantEvent(em, {
      projectId,
      event: "documentExpiring",
      texts: expired ? "documentExpired" : "documentExpiring",
      params: { number: document.plant.number, document: document.title, expiry },
      link: plantPath(document.plant.id, "documents"),
      actorId: null,
    });
    told += outcome?.notified ?? 0;
  }
  return told;
}

/** The job of one project's notices for a day (payload `{ day }`, the project's today when absent). */
export const documentExpiryJob = defineJob<{ day?: string }>(
  "plant.document-expiry",
  async ({ em, run, payload }) => {
    if (!run.project) throw new Error("Document expiry notices belong to a project");
    const project = await em.findOneOrFail(Project, { id: run.project.id });
    const day = payload.day ?? (await projectToday(em, project));
    await sendDocumentExpiryNotices(em, project.id, day);
  },
);

/** Notices go out at seven in the morning on the project's clock, when the site office opens. */
export const EXPIRY_NOTICE_HOUR = 7;

/** Every hour, each project with plant on whose clock it is EXPIRY_NOTICE_HOUR gets its notices run for its day. */
export const documentExpirySchedule = defineSchedule({
  name: "plant.document-expiry-daily",
  cron: "0 * * * *",
  async run({ em, at }) {
    for (const project of await projectsWithModule(em, "plant")) {
      const zone = await projectTimeZone(em, project);
      if (zonedParts(at, zone).hour !== EXPIRY_NOTICE_HOUR) continue;
      await enqueueJob(em, {
        kind: documentExpiryJob,
        projectId: project.id,
        payload: { day: zonedDay(at, zone) },
      });
    }
  },
});
