import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RoleEditorPage } from "~/app/admin/role-editor-page";
import { accRoles, roleEditorData, saveRole } from "~/server/admin/roles.server";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Create role | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { project } = await requireRoute(request);
  return roleEditorData(accRoles(project), null);
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, project, can } = await requireRoute(request);
  if (!can("project-settings.roles.create")) throw new Response("Forbidden", { status: 403 });
  return saveRole(em, accRoles(project), {
    actorId: user.id,
    role: null,
    formData: await readForm(request),
  });
}

export default function CreateProjectRolePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <RoleEditorPage data={data} lastResult={lastResult} />;
}
