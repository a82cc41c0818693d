import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GroupDetailPage } from "~/app/admin/group-detail-page";
import { GROUPS_PATH } from "~/server/admin/group-rules";
import { deleteGroup, loadGroup } from "~/server/admin/groups.server";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["groups"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.group.name ?? "Group"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request, params);
  return {
    group: await loadGroup(em, project.id, params.id),
    can: { edit: can("project-settings.group.edit"), delete: can("project-settings.group.delete") },
  };
}

/** The detail page's only form is Delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  requireIntent(context, await readForm(request));
  const { em, user, project } = context;
  return deleteGroup({ em, projectId: project.id, actorId: user.id }, params.id);
}

export default function GroupDetailRoute() {
  const { group, can } = useLoaderData<typeof loader>();
  return <GroupDetailPage basePath={GROUPS_PATH} group={group} can={can} />;
}
