import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GroupListPage } from "~/app/admin/group-list-page";
import { GROUPS_PATH } from "~/server/admin/group-rules";
import { loadGroupList } from "~/server/admin/groups.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["groups"] };

export const meta: MetaFunction = () => [{ title: "Groups | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, can } = await requireRoute(request);
  return {
    list: await loadGroupList(em, new URL(request.url)),
    canCreate: can("project-settings.group.create"),
  };
}

export default function GroupsPage() {
  const { list, canCreate } = useLoaderData<typeof loader>();
  return <GroupListPage basePath={GROUPS_PATH} list={list} canCreate={canCreate} />;
}
