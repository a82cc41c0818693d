import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { canEditSwms, editSwms, swmsById, swmsCompanyChoices, swmsFormValues } from "../server/swms.server";
import { swmsPath } from "../server/swms-basics";
import { SwmsForm } from "../ui/swms-form";
import { useSwmsText } from "../ui/swms-status";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "SWMS"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const swms = await swmsById(context, params.id);
  // Its author or a reviewer, while the author has it (draft, uploaded, not accepted, review needed).
  if (!canEditSwms(context, swms)) throw new Response("Forbidden", { status: 403 });
  return {
    id: swms.id,
    number: swms.number,
    values: await swmsFormValues(context.em, swms),
    companies: await swmsCompanyChoices(context),
  };
}

/** A multipart post (the fields and, for an uploaded SWMS, its revised file): read by parseUpload. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const swms = await swmsById(context, params.id);
  if (!canEditSwms(context, swms)) throw new Response("Forbidden", { status: 403 });
  return editSwms(context, swms, request);
}

export default function EditSwmsPage() {
  const { id, number, values, companies } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useSwmsText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:swms.form.editTitle", { number })}</h1>
      <SwmsForm
        mode="edit"
        companies={companies}
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={swmsPath(id)}
      />
    </div>
  );
}
