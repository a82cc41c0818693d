import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { createSwms, swmsCompanyChoices } from "../server/swms.server";
import { SWMS_PATH } from "../server/swms-basics";
import { SwmsForm } from "../ui/swms-form";
import { useSwmsText } from "../ui/swms-status";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction = () => [{ title: "Create SWMS | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return { companies: await swmsCompanyChoices(context) };
}

/** A multipart post (the fields and an uploaded SWMS): read by the core's parseUpload, not readForm. */
export async function action({ request }: ActionFunctionArgs) {
  return createSwms(await requireRoute(request), request);
}

export default function CreateSwmsPage() {
  const { companies } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useSwmsText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:swms.form.createTitle")}</h1>
      <SwmsForm mode="create" companies={companies} lastResult={lastResult} cancelTo={SWMS_PATH} />
    </div>
  );
}
