import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  accommodationById,
  accommodationFormValues,
  refuseSharedChange,
  updateAccommodation,
} from "../server/accommodation.server";
import { accommodationPath } from "../server/accommodation-basics";
import { AccommodationEditPage } from "../ui/accommodation-form";

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
  return <AccommodationEditPage name={name} values={values} cancelTo={accommodationPath(id)} />;
}
