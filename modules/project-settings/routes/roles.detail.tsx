import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RoleDetailPage } from "~/app/admin/role-detail-page";
import { accRoles, deleteRole, loadRoleDetail } from "~/server/admin/roles.server";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Role | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  const detail = await loadRoleDetail(em, accRoles(project), params.id, new URL(request.url));
  return {
    ...detail,
    can: { edit: can("project-settings.roles.edit"), delete: can("project-settings.roles.delete") },
  };
}

/** The page's only form is Delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  requireIntent(context, await readForm(request));
  const { em, user, project } = context;
  return deleteRole(em, accRoles(project), { actorId: user.id, id: params.id, request });
}

export default function ProjectRoleDetailPage() {
  const { can, ...detail } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return <RoleDetailPage data={detail} can={can} refusal={refusal?.deleteError} />;
}
