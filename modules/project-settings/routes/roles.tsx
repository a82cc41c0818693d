import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RoleListPage } from "~/app/admin/role-list-page";
import { accRoles, loadRoleList } from "~/server/admin/roles.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Roles in ACC | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  const list = await loadRoleList(em, accRoles(project), new URL(request.url));
  return { ...list, canCreate: can("project-settings.roles.create") };
}

export default function ProjectRolesPage() {
  const { canCreate, ...list } = useLoaderData<typeof loader>();
  return <RoleListPage data={list} canCreate={canCreate} />;
}
