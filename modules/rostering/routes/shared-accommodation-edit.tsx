import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";
import { accommodationFormValues, updatePlace } from "../server/accommodation.server";
import { SHARED_PLACE_PATHS } from "../server/accommodation-basics";
import { sharedAccommodationById, sharedOwner } from "../server/shared-accommodation.server";
import { AccommodationEditPage } from "../ui/accommodation-form";

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
  return (
    <AccommodationEditPage
      name={name}
      values={values}
      action={SHARED_PLACE_PATHS.edit(id)}
      cancelTo={SHARED_PLACE_PATHS.place(id)}
    />
  );
}
