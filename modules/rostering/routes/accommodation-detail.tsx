import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import {
  accommodationById,
  addRoom,
  bookRoom,
  cancelBooking,
  deleteAccommodation,
  removeRoom,
} from "../server/accommodation.server";
import { ACCOMMODATION_INTENTS } from "../server/accommodation-basics";
import { loadAccommodationDetail } from "../server/accommodation-detail.server";
import { AccommodationDetailPage } from "../ui/accommodation-view";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.detail.place.name ?? "Accommodation"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const place = await accommodationById(context, params.accommodationId);
  return { detail: await loadAccommodationDetail(context, place, new URL(request.url)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const place = await accommodationById(context, params.accommodationId);
  if (intent === ACCOMMODATION_INTENTS.addRoom) return addRoom(context, place, formData);
  if (intent === ACCOMMODATION_INTENTS.removeRoom) return removeRoom(context, place, formData);
  if (intent === ACCOMMODATION_INTENTS.book) return bookRoom(context, place, formData);
  if (intent === ACCOMMODATION_INTENTS.cancelBooking) return cancelBooking(context, place, formData);
  if (intent === ACCOMMODATION_INTENTS.delete) return deleteAccommodation(context, place, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function AccommodationDetailRoute() {
  const { detail } = useLoaderData<typeof loader>();
  return <AccommodationDetailPage detail={detail} seenFrom="project" />;
}
