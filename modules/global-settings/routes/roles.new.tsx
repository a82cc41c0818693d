import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RoleEditorPage } from "~/app/admin/role-editor-page";
import { productRoles, roleEditorData, saveRole } from "~/server/admin/roles.server";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["roles"] };

export const meta: MetaFunction = () => [{ title: "Create role | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireGlobalRoute(request);
  return roleEditorData(productRoles(), null);
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, canGlobal } = await requireGlobalRoute(request);
  if (!canGlobal("global-settings.roles.create-global")) throw new Response("Forbidden", { status: 403 });
  return saveRole(em, productRoles(), { actorId: user.id, role: null, formData: await readForm(request) });
}

export default function CreateGlobalRolePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <RoleEditorPage data={data} lastResult={lastResult} />;
}
