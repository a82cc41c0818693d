import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  accommodationById,
  accommodationFormValues,
  refuseSharedChange,
  updateAccommodation,
} from "../server/accommodation.server";
import { accommodationPath } from "../server/accommodation-basics";
import { AccommodationForm } from "../ui/accommodation-form";
import { useAccommodationText } from "../ui/accommodation-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.name ?? "accommodation"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const place = await accommodationById(context, params.accommodationId);
  refuseSharedChange(place);
  return { id: place.id, name: place.name, values: accommodationFormValues(place) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const place = await accommodationById(context, params.accommodationId);
  return updateAccommodation(context, place, await readForm(request));
}

export default function EditAccommodationPage() {
  const { id, name, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAccommodationText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("rostering:accommodation.form.editTitle", { name })}
      </h1>
      <AccommodationForm
        mode="edit"
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={accommodationPath(id)}
      />
    </div>
  );
}
