import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { observationPath } from "../server/observation-basics";
import {
  canEditObservation,
  editObservation,
  observationById,
  observationFormChoices,
  observationFormValues,
} from "../server/observations.server";
import { ObservationForm } from "../ui/observation-form";
import { useObservationText } from "../ui/observation-status";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "observation"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const observation = await observationById(context, params.id);
  // Its raiser or a manager, while there is work on it.
  if (!canEditObservation(context, observation)) throw new Response("Forbidden", { status: 403 });
  return {
    id: observation.id,
    number: observation.number,
    values: observationFormValues(observation),
    choices: await observationFormChoices(context.em, context.project.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const observation = await observationById(context, params.id);
  if (!canEditObservation(context, observation)) throw new Response("Forbidden", { status: 403 });
  return editObservation(context, observation.id, await readForm(request));
}

export default function EditObservationPage() {
  const { id, number, values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useObservationText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("safety:observation.form.editTitle", { number })}
      </h1>
      <ObservationForm
        mode="edit"
        choices={choices}
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={observationPath(id)}
      />
    </div>
  );
}
