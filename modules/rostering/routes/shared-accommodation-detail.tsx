import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { readForm } from "~/server/http/form.server";
import { requireGlobalRoute, requireIntent } from "~/server/permissions/guard.server";
import { addPlaceRoom, deletePlace, removePlaceRoom } from "../server/accommodation.server";
import { ACCOMMODATION_INTENTS, SHARED_PLACE_PATHS } from "../server/accommodation-basics";
import { loadSharedAccommodationDetail } from "../server/accommodation-detail.server";
import { sharedAccommodationById, sharedOwner } from "../server/shared-accommodation.server";
import { useAccommodationText } from "../ui/accommodation-text";
import {
  AccommodationActivity,
  AccommodationBookings,
  AccommodationDelete,
  AccommodationFacts,
  AccommodationNights,
  AccommodationRooms,
} from "../ui/accommodation-view";

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

export default function SharedAccommodationDetailPage() {
  const { detail } = useLoaderData<typeof loader>();
  const { t } = useAccommodationText();
  return (
    <DetailPage
      back={{ to: SHARED_PLACE_PATHS.list, label: t("rostering:accommodation.shared.back") }}
      title={detail.place.name}
      description={detail.place.address ?? undefined}
      activity={<AccommodationActivity detail={detail} />}
      actions={
        detail.can.edit ? (
          <Link to={SHARED_PLACE_PATHS.edit(detail.place.id)} className={buttonClass("secondary")}>
            {t("rostering:accommodation.detail.edit")}
          </Link>
        ) : null
      }
    >
      <div className="space-y-4">
        <AccommodationFacts detail={detail} />
        <AccommodationRooms detail={detail} />
        <AccommodationNights detail={detail} />
        <AccommodationBookings detail={detail} />
        <AccommodationDelete detail={detail} />
      </div>
    </DetailPage>
  );
}
