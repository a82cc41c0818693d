import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { ACTION_PATH, ACTION_SOURCE_TYPES, type ActionSourceType } from "../server/action-rules";
import { actionSourceOf } from "../server/action-sources.server";
import { actionFormChoices, createAction } from "../server/actions.server";
import { ActionForm } from "../ui/action-form";
import { useActionText } from "../ui/action-view";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction = () => [{ title: "New action | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  // "Raise an action" on an observation or a failed scan opens this form told its source (?sourceType&sourceId).
  const params = new URL(request.url).searchParams;
  const sourceType = params.get("sourceType");
  const [choices, source] = await Promise.all([
    actionFormChoices(em, project.id),
    ACTION_SOURCE_TYPES.includes(sourceType as ActionSourceType)
      ? actionSourceOf(em, project.id, sourceType as ActionSourceType, params.get("sourceId"))
      : null,
  ]);
  return {
    choices,
    source: source
      ? {
          type: source.type,
          id: source.id,
          label: source.label,
          href: source.href,
          title: source.title,
          description: source.description,
        }
      : null,
  };
}

/** A multipart post (the fields and the evidence): read by the core's parseUpload, not readForm. */
export async function action({ request }: ActionFunctionArgs) {
  return createAction(await requireRoute(request), request);
}

export default function CreateActionPage() {
  const { choices, source } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useActionText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:action.form.createTitle")}</h1>
      <ActionForm
        mode="create"
        choices={choices}
        lastResult={lastResult}
        cancelTo={source?.href ?? ACTION_PATH}
        source={source}
        defaultValue={
          source
            ? {
                title: source.title.slice(0, 200),
                description: source.description.slice(0, 4000),
                label: "",
                riskRanking: "medium",
                dueDate: "",
                watcherIds: [],
              }
            : undefined
        }
      />
    </div>
  );
}
