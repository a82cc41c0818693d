import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { ACTION_PATH } from "../server/action-rules";
import { actionFormChoices, createAction } from "../server/actions.server";
import { ActionForm } from "../ui/action-form";
import { useActionText } from "../ui/action-view";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction = () => [{ title: "New action | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { choices: await actionFormChoices(em, project.id) };
}

/** A multipart post (the fields and the evidence): read by the core's parseUpload, not readForm. */
export async function action({ request }: ActionFunctionArgs) {
  return createAction(await requireRoute(request), request);
}

export default function CreateActionPage() {
  const { choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useActionText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:action.form.createTitle")}</h1>
      <ActionForm mode="create" choices={choices} lastResult={lastResult} cancelTo={ACTION_PATH} />
    </div>
  );
}
