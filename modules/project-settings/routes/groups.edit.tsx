import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GroupForm } from "~/app/admin/group-form";
import { GROUPS_PATH, groupFormSchema } from "~/server/admin/group-rules";
import { loadGroupForEdit, projectMemberChoices, updateGroup } from "~/server/admin/groups.server";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["groups"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.group.name ?? "Group"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request, params);
  const group = await loadGroupForEdit(em, params.id);
  const choices = await projectMemberChoices(em, project.id);
  const current = new Set(choices.map((choice) => choice.userId));
  return { group, choices, leftProject: group.memberIds.filter((id) => !current.has(id)).length };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { em, user, project, can } = await requireRoute(request, params);
  if (!can("project-settings.group.edit")) throw new Response("Forbidden", { status: 403 });
  return updateGroup({ em, projectId: project.id, actorId: user.id }, params.id, await readForm(request));
}

export default function EditGroupPage() {
  const { group, choices, leftProject } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useTranslation("groups");
  return (
    <div className="space-y-6">
      <Link to={`${GROUPS_PATH}/${group.id}`} className="text-sm font-medium text-brand-700 hover:underline">
        ← {group.name}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">{t("edit.title", { name: group.name })}</h1>
      {leftProject > 0 ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {t("edit.leftProject", { count: leftProject })}
        </p>
      ) : null}
      <GroupForm
        id="group-edit"
        schema={groupFormSchema}
        choices={choices}
        defaultValue={group}
        lastResult={lastResult}
        submitLabel={t("actions.save")}
        cancelTo={`${GROUPS_PATH}/${group.id}`}
      />
    </div>
  );
}
