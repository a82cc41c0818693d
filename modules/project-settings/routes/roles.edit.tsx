import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RoleEditorPage } from "~/app/admin/role-editor-page";
import { accRoles, roleById, roleEditorData, saveRole } from "~/server/admin/roles.server";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Edit role | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  const scope = accRoles(project);
  return roleEditorData(scope, await roleById(em, scope, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { em, user, project, can } = await requireRoute(request);
  if (!can("project-settings.roles.edit")) throw new Response("Forbidden", { status: 403 });
  const scope = accRoles(project);
  const role = await roleById(em, scope, params.id);
  return saveRole(em, scope, { actorId: user.id, role, formData: await readForm(request) });
}

export default function EditProjectRolePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // A fresh editor per role, so its state never carries over from another role.
  return <RoleEditorPage key={data.role?.id} data={data} lastResult={lastResult} />;
}
