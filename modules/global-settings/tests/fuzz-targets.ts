/** Global settings' forms, for the fuzz suite (tests/fuzz). */
import { z } from "zod";
import { companyFormSchema } from "~/server/admin/company-rules";
import { globalInvitationSchema, globalMemberFormSchema } from "~/server/admin/member-rules";
import { roleFormSchema } from "~/server/admin/role-rules";
import { productRoles, roleEditorModules } from "~/server/admin/roles.server";
import { Resource } from "~/server/db/entities";
import { resourceSchema } from "~/server/settings/resources.server";
import { createCompany, createRole, createUser } from "~/tests/factories";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";

const roleForm = () => roleFormSchema(roleEditorModules(productRoles()), { confirmationNeeded: true });

/** A product role nobody holds (the world's own roles stay as they are). */
async function spareRole(world: FuzzWorld) {
  const role = await createRole(world.em, { name: "Spare", grantedActions: ["quality.lot.view"] });
  return { params: { id: role.id }, ids: [role.id] };
}

export const targets = fuzzTargets({
  "/globalSettings/company": {
    forms: [{ name: "add company", schema: companyFormSchema, fixed: { intent: "create" } }],
  },
  "/globalSettings/company/:id": {
    forms: [
      { name: "update", schema: companyFormSchema, fixed: { intent: "update" } },
      { name: "delete", schema: z.object({}), fixed: { intent: "delete" } },
    ],
    async arrange(world) {
      const company = await createCompany(world.em, { name: "Harbour Civil" });
      return { params: { id: company.id } };
    },
  },
  "/globalSettings/membersGlobal/:id": {
    forms: [{ name: "member", schema: globalMemberFormSchema }],
    async arrange(world) {
      const user = await createUser(world.em, { name: "Ivan Invited", password: null });
      const role = await createRole(world.em, { name: "Viewer", grantedActions: ["quality.lot.view"] });
      return { params: { id: user.id }, ids: [role.id] };
    },
  },
  "/globalSettings/membersGlobal/invite-member": {
    forms: [{ name: "invite", schema: globalInvitationSchema }],
    async arrange(world) {
      const role = await createRole(world.em, { name: "Viewer", grantedActions: ["quality.lot.view"] });
      return { ids: [role.id] };
    },
  },
  "/globalSettings/resources": {
    forms: [{ name: "create", schema: resourceSchema, fixed: { intent: "create" } }],
    async arrange(world) {
      const em = world.em;
      const resource = em.create(Resource, {
        code: "EXC-20",
        name: "Excavator 20 t",
        category: resourceSchema.shape.category.options[0],
        unit: "hour",
        description: null,
        active: true,
      } as never);
      await em.flush();
      const id = { id: resource.id };
      return {
        ids: [resource.id],
        forms: [
          { name: "update", schema: resourceSchema, fixed: { intent: "update", ...id } },
          { name: "delete", schema: z.object({}), fixed: { intent: "delete", ...id } },
        ],
      };
    },
  },
  "/globalSettings/roles/:id/edit": {
    forms: [{ name: "edit role", schema: roleForm() }],
    arrange: spareRole,
  },
  "/globalSettings/roles/detail/:id": {
    forms: [{ name: "delete", schema: z.object({}), fixed: { intent: "delete" } }],
    arrange: spareRole,
  },
  "/globalSettings/roles/new": { forms: [{ name: "new role", schema: roleForm() }] },
  "/globalSettings/settings": { forms: settingsFuzzForms("global") },
});
