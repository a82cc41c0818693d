import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadDefectEdit, updateDefect } from "../server/defect-edit.server";
import { defectById } from "../server/defects.server";
import { DefectForm } from "../ui/defect-form";
import { useDefectText } from "../ui/defect-view";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.defect.number ?? "Defect"} | SiteProof` },
];

/** Who may edit and in which states is decided by the server (domain/defect-editing.ts), not the page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadDefectEdit(context, await defectById(context, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const defect = await defectById(context, params.id);
  return updateDefect(context, defect, await readForm(request));
}

export default function EditDefectPage() {
  const { defect, values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useDefectText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("quality:defectEdit.title", { number: defect.number })}
      </h1>
      <DefectForm
        choices={choices}
        lastResult={lastResult}
        edit={{ defectId: defect.id, isDraft: defect.status === "draft", values }}
      />
    </div>
  );
}
