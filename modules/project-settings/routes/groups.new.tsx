import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GroupForm } from "~/app/admin/group-form";
import { GROUPS_PATH, groupFormSchema } from "~/server/admin/group-rules";
import { createGroup, projectMemberChoices } from "~/server/admin/groups.server";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["groups"] };

export const meta: MetaFunction = () => [{ title: "Create group | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { choices: await projectMemberChoices(em, project.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, project, can } = await requireRoute(request);
  if (!can("project-settings.group.create")) throw new Response("Forbidden", { status: 403 });
  return createGroup({ em, projectId: project.id, actorId: user.id }, await readForm(request));
}

export default function CreateGroupPage() {
  const { choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useTranslation("groups");
  return (
    <div className="space-y-6">
      <Link to={GROUPS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("detail.back")}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">{t("create.title")}</h1>
      <GroupForm
        id="group-create"
        schema={groupFormSchema}
        choices={choices}
        lastResult={lastResult}
        submitLabel={t("actions.create")}
        cancelTo={GROUPS_PATH}
      />
    </div>
  );
}
