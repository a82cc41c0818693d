import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createDefect, defectFormChoices } from "../server/defects.server";
import { DefectForm } from "../ui/defect-form";
import { useDefectText } from "../ui/defect-view";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction = () => [{ title: "Raise defect | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { choices: await defectFormChoices(em, project.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createDefect(context, await readForm(request));
}

export default function CreateDefectPage() {
  const { choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useDefectText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("quality:defect.form.createTitle")}</h1>
      <DefectForm choices={choices} lastResult={lastResult} />
    </div>
  );
}
