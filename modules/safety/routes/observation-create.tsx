import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { OBSERVATION_PATH } from "../server/observation-basics";
import { createObservation, observationFormChoices } from "../server/observations.server";
import { ObservationForm } from "../ui/observation-form";
import { useObservationText } from "../ui/observation-status";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction = () => [{ title: "New observation | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { choices: await observationFormChoices(em, project.id) };
}

/** A multipart post (the fields and the photos): read by the core's parseUpload, not readForm. */
export async function action({ request }: ActionFunctionArgs) {
  return createObservation(await requireRoute(request), request);
}

export default function CreateObservationPage() {
  const { choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useObservationText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:observation.form.createTitle")}</h1>
      <ObservationForm mode="create" choices={choices} lastResult={lastResult} cancelTo={OBSERVATION_PATH} />
    </div>
  );
}
