import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RoleDetailPage } from "~/app/admin/role-detail-page";
import { deleteRole, loadRoleDetail, productRoles } from "~/server/admin/roles.server";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute, requireIntent } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Role | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, canGlobal } = await requireGlobalRoute(request);
  const detail = await loadRoleDetail(em, productRoles(), params.id, new URL(request.url));
  return {
    ...detail,
    can: {
      edit: canGlobal("global-settings.roles.edit-global"),
      delete: canGlobal("global-settings.roles.delete-global"),
    },
  };
}

/** The page's only form is Delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  requireIntent(context, await readForm(request));
  const { em, user } = context;
  return deleteRole(em, productRoles(), { actorId: user.id, id: params.id, request });
}

export default function GlobalRoleDetailPage() {
  const { can, ...detail } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  return <RoleDetailPage data={detail} can={can} refusal={refusal?.deleteError} />;
}
