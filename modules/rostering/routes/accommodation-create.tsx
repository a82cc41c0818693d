import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createAccommodation } from "../server/accommodation.server";
import { ACCOMMODATION_PATH } from "../server/accommodation-basics";
import { AccommodationForm } from "../ui/accommodation-form";
import { useAccommodationText } from "../ui/accommodation-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Add accommodation | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createAccommodation(context, await readForm(request));
}

export default function CreateAccommodationPage() {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAccommodationText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("rostering:accommodation.form.createTitle")}
      </h1>
      <AccommodationForm mode="create" lastResult={lastResult} cancelTo={ACCOMMODATION_PATH} />
    </div>
  );
}
