import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { actionPath } from "../server/action-rules";
import {
  actionById,
  actionFormChoices,
  actionFormValues,
  canEditAction,
  editAction,
} from "../server/actions.server";
import { ActionForm } from "../ui/action-form";
import { useActionText } from "../ui/action-view";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "action"} | SiteProof` },
];

/** The creator or a manager holding edit may change an action until it is closed. */
async function editable(request: Request, id: string | undefined) {
  const context = await requireRoute(request);
  const action = await actionById(context, id);
  if (!canEditAction(context, action)) throw new Response("Forbidden", { status: 403 });
  return { context, action };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { context, action } = await editable(request, params.id);
  return {
    id: action.id,
    number: action.number,
    choices: await actionFormChoices(context.em, context.project.id),
    values: await actionFormValues(context.em, action),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { context, action: safetyAction } = await editable(request, params.id);
  return editAction(context, safetyAction.id, await readForm(request));
}

export default function EditActionPage() {
  const { id, number, choices, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useActionText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("safety:action.form.editTitle", { number })}
      </h1>
      <ActionForm
        mode="edit"
        choices={choices}
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={actionPath(id)}
      />
    </div>
  );
}
