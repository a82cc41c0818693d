import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RoleListPage } from "~/app/admin/role-list-page";
import { loadRoleList, productRoles } from "~/server/admin/roles.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Roles | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, canGlobal } = await requireGlobalRoute(request);
  const list = await loadRoleList(em, productRoles(), new URL(request.url));
  return { ...list, canCreate: canGlobal("global-settings.roles.create-global") };
}

export default function GlobalRolesPage() {
  const { canCreate, ...list } = useLoaderData<typeof loader>();
  return <RoleListPage data={list} canCreate={canCreate} />;
}
