import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RoleEditorPage } from "~/app/admin/role-editor-page";
import { productRoles, roleById, roleEditorData, saveRole } from "~/server/admin/roles.server";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Edit role | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em } = await requireGlobalRoute(request);
  const scope = productRoles();
  return roleEditorData(scope, await roleById(em, scope, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { em, user, canGlobal } = await requireGlobalRoute(request);
  if (!canGlobal("global-settings.roles.edit-global")) throw new Response("Forbidden", { status: 403 });
  const scope = productRoles();
  const role = await roleById(em, scope, params.id);
  return saveRole(em, scope, { actorId: user.id, role, formData: await readForm(request) });
}

export default function EditGlobalRolePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // A fresh editor per role, so its state never carries over from another role.
  return <RoleEditorPage key={data.role?.id} data={data} lastResult={lastResult} />;
}
