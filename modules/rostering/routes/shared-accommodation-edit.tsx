import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { accommodationFormValues, updatePlace } from "../server/accommodation.server";
import { SHARED_PLACE_PATHS } from "../server/accommodation-basics";
import { sharedAccommodationById, sharedOwner } from "../server/shared-accommodation.server";
import { AccommodationForm } from "../ui/accommodation-form";
import { useAccommodationText } from "../ui/accommodation-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.name ?? "shared accommodation"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const place = await sharedAccommodationById(context.em, params.accommodationId);
  return { id: place.id, name: place.name, values: accommodationFormValues(place) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const place = await sharedAccommodationById(context.em, params.accommodationId);
  return updatePlace(sharedOwner(context), place.id, await readForm(request));
}

export default function EditSharedAccommodationPage() {
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
        action={SHARED_PLACE_PATHS.edit(id)}
        cancelTo={SHARED_PLACE_PATHS.place(id)}
      />
    </div>
  );
}
