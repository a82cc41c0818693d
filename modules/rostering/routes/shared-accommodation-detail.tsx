import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute, requireIntent } from "~/server/permissions/guard.server";
import { addPlaceRoom, deletePlace, removePlaceRoom } from "../server/accommodation.server";
import { ACCOMMODATION_INTENTS } from "../server/accommodation-basics";
import { loadSharedAccommodationDetail } from "../server/accommodation-detail.server";
import { sharedAccommodationById, sharedOwner } from "../server/shared-accommodation.server";
import { AccommodationDetailPage } from "../ui/accommodation-view";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.place.name ?? "Shared accommodation"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const place = await sharedAccommodationById(context.em, params.accommodationId);
  return { detail: await loadSharedAccommodationDetail(context, place, new URL(request.url)) };
}

/** Rooms and deleting; bookings are the projects' (made on their pages), so none is made or cancelled here. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const place = await sharedAccommodationById(context.em, params.accommodationId);
  const owner = sharedOwner(context);
  if (intent === ACCOMMODATION_INTENTS.addRoom) return addPlaceRoom(owner, place, formData);
  if (intent === ACCOMMODATION_INTENTS.removeRoom) return removePlaceRoom(owner, place, formData);
  if (intent === ACCOMMODATION_INTENTS.delete) return deletePlace(owner, place, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function SharedAccommodationDetailRoute() {
  const { detail } = useLoaderData<typeof loader>();
  return <AccommodationDetailPage detail={detail} seenFrom="shared" />;
}
