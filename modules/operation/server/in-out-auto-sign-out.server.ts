import type { EntityManager } from "@mikro-orm/postgresql";
import { Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { inOutSignOutRule } from "~/server/extensions/extensions.server";
import { defineJob, enqueueJob } from "~/server/jobs/jobs.server";
import { defineSchedule } from "~/server/jobs/schedules.server";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { projectsWithModule } from "~/server/settings/project-modules.server";
import { signOut } from "./in-out.server";
import { stayCapSql } from "./in-out-hours.server";

/**
 * The automatic sign-out (spec 3's incident settings, read through the core's `in-out.sign-out-rule`,
 * decision 040): with the rule on, everyone still signed in when the project's clock reads the time is
 * signed out at that time, recorded as "automatic"; someone who came in after it is signed out at the end of
 * their site day. A stay is signed out once: the job takes only open stays whose time has come, so a late,
 * repeated or doubled tick changes nothing more. With Safety off (no rule), nobody is signed out.
 */

/** The open stays of a project whose automatic sign-out time has come by `at`, with that time. */
async function dueStays(em: EntityManager, projectId: string, at: Date) {
  const rule = await inOutSignOutRule(em, projectId);
  if (!rule?.enabled) return [];
  const project = await em.findOneOrFail(Project, projectId, { filters: false });
  const zone = await projectTimeZone(em, project);
  const cap = stayCapSql({ zone, rule });
  return em.execute<{ id: string; cap: Date }[]>(
    `select r.id, ${cap.sql} as cap from operation_in_out_record r
     where r.project_id = ? and r.signed_out_at is null and ${cap.sql} <= ?::timestamptz`,
    [...cap.params, projectId, ...cap.params, at.toISOString()],
  );
}

/** Signs out the project's stays whose time has come by `at`; answers how many. */
export async function signOutAutomatically(manager: EntityManager, projectId: string, at = new Date()) {
  const em = scopeToProject(manager, projectId);
  let signedOut = 0;
  for (const stay of await dueStays(em, projectId, at))
    if (await signOut(em, { projectId, actorId: null }, stay.id, "automatic", new Date(stay.cap)))
      signedOut++;
  return signedOut;
}

/** One project's automatic sign-out (payload `{ at }`, the tick's instant). */
export const autoSignOutJob = defineJob<{ at?: string }>(
  "operation.in-out-auto-sign-out",
  async ({ em, run, payload }) => {
    if (!run.project) throw new Error("The automatic sign-out belongs to a project");
    await signOutAutomatically(em, run.project.id, payload.at ? new Date(payload.at) : new Date());
  },
);

/**
 * Every five minutes, each project with Operation on and stays due gets one run of its own (a project's
 * failure is its own); a project with nothing due gets none.
 */
export const autoSignOutSchedule = defineSchedule({
  name: "operation.in-out-auto-sign-out",
  cron: "*/5 * * * *",
  async run({ em, at }) {
    for (const project of await projectsWithModule(em, "operation")) {
      if (
        (await dueStays(scopeToProject(em.fork() as EntityManager, project.id), project.id, at)).length === 0
      )
        continue;
      await enqueueJob(em, {
        kind: autoSignOutJob,
        projectId: project.id,
        payload: { at: at.toISOString() },
      });
    }
  },
});
