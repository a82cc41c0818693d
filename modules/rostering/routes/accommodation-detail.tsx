import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
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
import {
  ACCOMMODATION_INTENTS,
  ACCOMMODATION_PATH,
  accommodationEditPath,
} from "../server/accommodation-basics";
import { loadAccommodationDetail } from "../server/accommodation-detail.server";
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

export default function AccommodationDetailPage() {
  const { detail } = useLoaderData<typeof loader>();
  const { t } = useAccommodationText();
  return (
    <DetailPage
      back={{ to: ACCOMMODATION_PATH, label: t("rostering:accommodation.detail.back") }}
      title={detail.place.name}
      description={detail.place.address ?? undefined}
      activity={<AccommodationActivity detail={detail} />}
      actions={
        detail.can.edit ? (
          <Link to={accommodationEditPath(detail.place.id)} className={buttonClass("secondary")}>
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
