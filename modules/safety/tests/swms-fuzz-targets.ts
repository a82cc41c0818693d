/**
 * The SWMS forms, for the fuzz suite (tests/fuzz): the form (written or uploaded), the steps and the QR
 * sign-on intents, the notification settings, the workers' external sign-on page.
 */
import { ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createCompany } from "~/tests/factories";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { SafetySwms, SafetySwmsStep } from "../entities";
import { createSignOnLink, signOnToken } from "../server/sign-on.server";
import { swmsFormSchema, swmsTransitionSchema } from "../server/swms-rules";
import { signOnOpenSchema, signOnRevokeSchema, signOnSchema } from "../server/talk-rules";

/**
 * A written draft by the member with rights, for a company they belong to (every step and the edit open),
 * with one step.
 */
async function swmsRecords(world: FuzzWorld, status = "draft") {
  const company = await createCompany(world.em, { name: "Scaffold Co" });
  const member = await world.em.findOneOrFail(ProjectMember, {
    project: world.project.id,
    user: world.withRights.user.id,
  });
  member.company = company;
  await world.em.flush();
  const scoped = scopeToProject(world.em, world.project.id);
  const swms = scoped.create(SafetySwms, {
    project: world.project,
    number: "SWMS-9001",
    title: "Erect scaffold to level 3",
    type: "system",
    company,
    highRisk: true,
    highRiskCategories: ["fall_over_2m"],
    status,
    createdBy: world.withRights.user,
  } as never);
  scoped.create(SafetySwmsStep, {
    project: world.project,
    swms,
    sortOrder: 0,
    activity: "Lift standards",
    hazards: "Falls",
    controls: "Harness",
    likelihoodBefore: "likely",
    consequenceBefore: "major",
    likelihoodAfter: "rare",
    consequenceAfter: "major",
  } as never);
  await scoped.flush();
  // The fixture's number was not drawn from the project's counter: new SWMS start past it.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'SWMS', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return { swms, ids: [swms.id, company.id, world.withRights.user.id] };
}

export const swmsTargets = fuzzTargets({
  "/safety/swms/create": {
    forms: [{ name: "new SWMS", schema: swmsFormSchema, files: ["file"] }],
    async arrange(world) {
      return { ids: (await swmsRecords(world)).ids };
    },
  },
  "/safety/swms/:id": {
    forms: [
      { name: "transition", schema: swmsTransitionSchema },
      { name: "sign-on-open", schema: signOnOpenSchema },
      { name: "sign-on-revoke", schema: signOnRevokeSchema },
    ],
    async arrange(world) {
      const { swms, ids } = await swmsRecords(world);
      return { params: { id: swms.id }, ids };
    },
  },
  "/external/swms/:id/sign-on": {
    forms: [{ name: "sign on", schema: signOnSchema }],
    async arrange(world) {
      const { swms, ids } = await swmsRecords(world, "accepted");
      const scoped = scopeToProject(world.em, world.project.id);
      const link = createSignOnLink(scoped, {
        projectId: world.project.id,
        subject: "swms",
        subjectId: swms.id,
        createdBy: world.withRights.user.id,
      });
      await scoped.flush();
      return {
        params: { id: link.id },
        search: `?token=${encodeURIComponent(signOnToken(link))}`,
        ids: [...ids, link.id],
      };
    },
  },
  "/safety/swms/:id/edit": {
    forms: [{ name: "edit", schema: swmsFormSchema, files: ["file"] }],
    async arrange(world) {
      const { swms, ids } = await swmsRecords(world);
      return { params: { id: swms.id }, ids };
    },
  },
  "/safety/swms/notification": {
    forms: settingsFuzzForms("project").filter(
      (form) => form.fixed?.moduleId === "safety" && form.fixed.form === "swmsNotifications",
    ),
  },
});
