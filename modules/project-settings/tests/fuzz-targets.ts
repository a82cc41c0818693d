/** Project settings' forms, for the fuzz suite (tests/fuzz). */
import { z } from "zod";
import { companyFormSchema } from "~/server/admin/company-rules";
import { groupFormSchema } from "~/server/admin/group-rules";
import { projectInvitationSchema, projectMemberFormSchema } from "~/server/admin/member-rules";
import { roleFormSchema } from "~/server/admin/role-rules";
import { accRoles, roleEditorModules } from "~/server/admin/roles.server";
import { Group, Role } from "~/server/db/entities";
import { documentServiceFormSchema } from "~/server/documents/settings-rules";
import { moduleSwitchSchema, switchableModules } from "~/server/settings/project-modules.server";
import { addMember, createCompany, createRole, createUser } from "~/tests/factories";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";

const roleForm = (world: FuzzWorld) =>
  roleFormSchema(roleEditorModules(accRoles(world.project)), { confirmationNeeded: true });

/** A role of the project (ACC) that nobody holds. */
async function spareAccRole(world: FuzzWorld) {
  const em = world.em;
  const role = em.create(Role, {
    name: "Spare ACC",
    kind: "acc",
    project: world.project,
    fullAccess: false,
    grantedActions: ["quality.lot.view"],
  } as never);
  await em.flush();
  return role;
}

/** A member besides the world's two, with a company, and the choices of the member forms. */
async function thirdMember(world: FuzzWorld) {
  const company = await createCompany(world.em, { name: "Deck Formwork Pty" });
  const role = await createRole(world.em, { name: "Viewer", grantedActions: ["quality.lot.view"] });
  const accRole = await spareAccRole(world);
  const user = await createUser(world.em, { name: "Mia Member" });
  const member = await addMember(world.em, { project: world.project, user, role, company });
  return { member, ids: [company.id, role.id, accRole.id, user.id] };
}

async function group(world: FuzzWorld) {
  const em = world.em;
  const made = em.create(Group, {
    project: world.project,
    name: "Night shift",
    description: null,
    workers: ["Lan"],
    externalUsers: [],
  } as never);
  await em.flush();
  return made;
}

export const targets = fuzzTargets({
  "/project-settings/company": {
    forms: [{ name: "add company", schema: companyFormSchema, fixed: { intent: "create" } }],
  },
  "/project-settings/company/:id": {
    forms: [
      { name: "update", schema: companyFormSchema, fixed: { intent: "update" } },
      { name: "delete", schema: z.object({}), fixed: { intent: "delete" } },
    ],
    async arrange(world) {
      const { ids } = await thirdMember(world);
      return { params: { id: ids[0] }, ids };
    },
  },
  "/project-settings/document-service": {
    forms: [
      { name: "save", schema: documentServiceFormSchema({ secretStored: false }), fixed: { intent: "save" } },
      // Tested against the local service only: the fuzz never reaches a network (ACC is covered by the fake).
      {
        name: "test connection",
        schema: documentServiceFormSchema({ secretStored: false }),
        fixed: { intent: "test", kind: "local" },
      },
    ],
  },
  "/project-settings/group/:id": {
    forms: [{ name: "delete", schema: z.object({}), fixed: { intent: "delete" } }],
    async arrange(world) {
      return { params: { id: (await group(world)).id } };
    },
  },
  "/project-settings/group/create-group": {
    forms: [{ name: "new group", schema: groupFormSchema }],
    async arrange(world) {
      return { ids: [world.withoutRights.user.id] };
    },
  },
  "/project-settings/group/edit-group/:id": {
    forms: [{ name: "edit group", schema: groupFormSchema }],
    async arrange(world) {
      return { params: { id: (await group(world)).id }, ids: [world.withoutRights.user.id] };
    },
  },
  "/project-settings/members/:id": {
    forms: [{ name: "member", schema: projectMemberFormSchema }],
    async arrange(world) {
      const { member, ids } = await thirdMember(world);
      return { params: { id: member.id }, ids };
    },
  },
  "/project-settings/members/invite-member": {
    forms: [{ name: "invite", schema: projectInvitationSchema }],
    async arrange(world) {
      const { ids } = await thirdMember(world);
      return { ids };
    },
  },
  "/project-settings/modules": {
    forms: [
      { name: "switch", schema: moduleSwitchSchema },
      ...switchableModules().map((module) => ({
        name: `switch ${module.id}`,
        schema: moduleSwitchSchema,
        fixed: { moduleId: module.id },
      })),
    ],
  },
  "/project-settings/roles-in-accs/:id/edit": {
    forms: [],
    async arrange(world) {
      const role = await spareAccRole(world);
      return { params: { id: role.id }, forms: [{ name: "edit role", schema: roleForm(world) }] };
    },
  },
  "/project-settings/roles-in-accs/detail/:id": {
    forms: [{ name: "delete", schema: z.object({}), fixed: { intent: "delete" } }],
    async arrange(world) {
      return { params: { id: (await spareAccRole(world)).id } };
    },
  },
  "/project-settings/roles-in-accs/new": {
    forms: [],
    async arrange(world) {
      return { forms: [{ name: "new role", schema: roleForm(world) }] };
    },
  },
  "/project-settings/settings": { forms: settingsFuzzForms("project") },
});
