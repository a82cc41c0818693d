import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { createSds } from "../server/sds.server";
import { SDS_PATH } from "../server/sds-basics";
import { SdsForm } from "../ui/sds-form";
import { useSdsText } from "../ui/sds-status";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction = () => [{ title: "New safety data sheet | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return null;
}

/** A multipart post (the fields and the sheet): read by the core's parseUpload, not readForm. */
export async function action({ request }: ActionFunctionArgs) {
  return createSds(await requireRoute(request), request);
}

export default function CreateSdsPage() {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useSdsText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:sds.form.createTitle")}</h1>
      <SdsForm mode="create" lastResult={lastResult} cancelTo={SDS_PATH} />
    </div>
  );
}
