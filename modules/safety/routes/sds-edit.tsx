import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { canEditSds, editSds, sdsById, sdsFormValues } from "../server/sds.server";
import { sdsPath } from "../server/sds-basics";
import { SdsForm } from "../ui/sds-form";
import { useSdsText } from "../ui/sds-status";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "safety data sheet"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const sds = await sdsById(context, params.id);
  if (!canEditSds(context, sds)) throw new Response("Forbidden", { status: 403 });
  return { id: sds.id, number: sds.number, values: sdsFormValues(sds) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const sds = await sdsById(context, params.id);
  if (!canEditSds(context, sds)) throw new Response("Forbidden", { status: 403 });
  return editSds(context, sds.id, await readForm(request));
}

export default function EditSdsPage() {
  const { id, number, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useSdsText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:sds.form.editTitle", { number })}</h1>
      <SdsForm mode="edit" lastResult={lastResult} defaultValue={values} cancelTo={sdsPath(id)} />
    </div>
  );
}
