import { Form, Link } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { DateField } from "~/app/ui/date-field";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { NativeSelect } from "~/app/ui/native-select";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { formatDate, formatDateTime } from "~/app/utils/format";
import {
  ACCOMMODATION_INTENTS,
  BOOKING_VIEWS,
  PROJECT_PLACE_PATHS,
  placePathsFor,
  SHARED_PLACE_PATHS,
} from "../server/accommodation-basics";
import type { AccommodationDetail } from "../server/accommodation-detail.server";
import { AccommodationBookForm } from "./accommodation-book-form";
import { AccommodationRoomForm } from "./accommodation-room-form";
import { OverbookedBadge, SharedBadge, useAccommodationText } from "./accommodation-text";

type Detail = AccommodationDetail;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function AccommodationFacts({ detail }: { detail: Detail }) {
  const { t } = useAccommodationText();
  const field = (name: string) => t(`rostering:accommodation.fields.${name}`);
  return (
    <Section title={t("rostering:accommodation.detail.details")}>
      {detail.shared && detail.placePaths === "project" ? (
        <p className="text-sm text-slate-600">{t("rostering:accommodation.shared.managedGlobally")}</p>
      ) : null}
      <DetailFields
        rows={[
          {
            label: field("name"),
            value: detail.shared ? (
              <span className="inline-flex flex-wrap items-center gap-2">
                {detail.place.name} <SharedBadge />
              </span>
            ) : (
              detail.place.name
            ),
          },
          { label: field("address"), value: detail.place.address || "-" },
          {
            label: field("notes"),
            value: <span className="whitespace-pre-line">{detail.place.notes || "-"}</span>,
          },
        ]}
      />
    </Section>
  );
}

/** The rooms with their beds; a room nobody is booked into can be removed (asked in place). */
export function AccommodationRooms({ detail }: { detail: Detail }) {
  const { t, translate } = useAccommodationText();
  const removeErrors = translate(usePostErrors(ACCOMMODATION_INTENTS.removeRoom));
  return (
    <Section title={t("rostering:accommodation.rooms.title")}>
      {detail.rooms.length === 0 ? (
        <p className="text-sm text-slate-600">{t("rostering:accommodation.rooms.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {detail.rooms.map((room) => (
            <li key={room.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div>
                <p className="font-medium text-slate-900">{room.name}</p>
                <p className="text-sm text-slate-600">
                  {t("rostering:accommodation.rooms.beds", { count: room.beds })} ·{" "}
                  {t("rostering:accommodation.rooms.bookings", { count: room.bookings })}
                </p>
              </div>
              {detail.can.edit ? (
                <ConfirmInPlaceForm
                  summary={t("rostering:accommodation.rooms.remove")}
                  summaryLabel={t("rostering:accommodation.rooms.removeLabel", { room: room.name })}
                  summaryLook="button"
                  intent={ACCOMMODATION_INTENTS.removeRoom}
                  fields={{ roomId: room.id }}
                  warning={t("rostering:accommodation.rooms.removeWarning")}
                  confirmLabel={t("rostering:accommodation.confirm")}
                  submitLabel={t("rostering:accommodation.rooms.remove")}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {removeErrors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {removeErrors.join(" ")}
        </p>
      ) : null}
      {detail.can.edit ? <AccommodationRoomForm /> : null}
    </Section>
  );
}

/** The chosen week or month: a plain GET form, and links to the period before and after. */
function PeriodPicker({ detail }: { detail: Detail }) {
  const { t, locale } = useAccommodationText();
  const { period, place } = detail;
  const placePath = placePathsFor(detail.placePaths === "shared").place;
  return (
    <div className="space-y-2">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <NativeSelect
          label={t("rostering:accommodation.period.view")}
          name="view"
          defaultValue={period.view}
          options={BOOKING_VIEWS.map((view) => ({
            value: view,
            label: t(`rostering:accommodation.period.${view}`),
          }))}
        />
        <DateField
          label={t("rostering:accommodation.period.from")}
          inputProps={{ name: "from", defaultValue: period.from }}
        />
        <Button type="submit" variant="secondary">
          {t("rostering:accommodation.period.show")}
        </Button>
      </Form>
      <p className="flex flex-wrap items-center gap-3 text-sm">
        <Link className="record-link" to={placePath(place.id, { view: period.view, from: period.previous })}>
          ← {t("rostering:accommodation.period.previous")}
        </Link>
        <span className="text-slate-700">
          {formatDate(period.from, locale)} – {formatDate(period.to, locale)}
        </span>
        <Link className="record-link" to={placePath(place.id, { view: period.view, from: period.next })}>
          {t("rostering:accommodation.period.next")} →
        </Link>
      </p>
    </div>
  );
}

/** Nights per room in the period, each with its beds taken; more people than beds is marked Overbooked. */
export function AccommodationNights({ detail }: { detail: Detail }) {
  const { t, locale } = useAccommodationText();
  return (
    <Section title={t("rostering:accommodation.nights.title")}>
      <PeriodPicker detail={detail} />
      {detail.overbookedNights > 0 ? (
        <p role="status" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {t("rostering:accommodation.nights.overbookedCount", { count: detail.overbookedNights })}
        </p>
      ) : null}
      {detail.rooms.map((room) => (
        <div key={room.id} className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-900">
            {room.name} ({t("rostering:accommodation.rooms.beds", { count: room.beds })})
          </h3>
          {room.nights.length === 0 ? (
            <p className="text-sm text-slate-600">{t("rostering:accommodation.nights.empty")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {room.nights.map((night) => (
                <li
                  key={night.night}
                  className="flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-sm"
                >
                  <span>{formatDate(night.night, locale)}</span>
                  <span className="text-slate-600">
                    {t("rostering:accommodation.nights.taken", { booked: night.booked, beds: night.beds })}
                  </span>
                  {night.overbooked ? <OverbookedBadge /> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </Section>
  );
}

/** The bookings that hold a bed during the period, each cancelled with a confirmation. */
export function AccommodationBookings({ detail }: { detail: Detail }) {
  const { t, locale, translate } = useAccommodationText();
  const cancelErrors = translate(usePostErrors(ACCOMMODATION_INTENTS.cancelBooking));
  return (
    <Section title={t("rostering:accommodation.bookings.title")}>
      {cancelErrors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {cancelErrors.join(" ")}
        </p>
      ) : null}
      {detail.bookings.length === 0 ? (
        <p className="text-sm text-slate-600">{t("rostering:accommodation.bookings.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {detail.bookings.map((booking) => (
            <li key={booking.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {detail.showProjects ? `${booking.projectName} · ` : ""}
                  {booking.personName} · {booking.roomName} {booking.overbooked ? <OverbookedBadge /> : null}
                </p>
                <p className="text-sm text-slate-600">
                  {formatDate(booking.checkIn, locale)} – {formatDate(booking.checkOut, locale)} ·{" "}
                  {t("rostering:accommodation.bookings.nights", { count: booking.nights })}
                  {booking.fromRoster ? ` · ${t("rostering:accommodation.bookings.fromRoster")}` : ""}
                </p>
              </div>
              {detail.can.book ? (
                <ConfirmInPlaceForm
                  summary={t("rostering:accommodation.bookings.cancel")}
                  summaryLabel={t("rostering:accommodation.bookings.cancelLabel", {
                    person: booking.personName,
                  })}
                  summaryLook="button"
                  intent={ACCOMMODATION_INTENTS.cancelBooking}
                  fields={{ bookingId: booking.id }}
                  confirmLabel={t("rostering:accommodation.confirm")}
                  submitLabel={t("rostering:accommodation.bookings.cancel")}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {detail.can.book ? (
        detail.rooms.length === 0 ? (
          <p className="text-sm text-slate-600">{t("rostering:accommodation.book.addRoomFirst")}</p>
        ) : (
          <div className="space-y-2 border-t border-slate-200 pt-3">
            <h3 className="text-sm font-semibold text-slate-900">
              {t("rostering:accommodation.book.title")}
            </h3>
            <AccommodationBookForm
              rooms={detail.rooms.map((room) => ({ value: room.id, label: room.name }))}
              people={detail.people}
            />
          </div>
        )
      ) : null}
    </Section>
  );
}

/** Deleting the place takes its rooms and bookings with it: asked in place. */
export function AccommodationDelete({ detail }: { detail: Detail }) {
  const { t, translate } = useAccommodationText();
  const errors = translate(usePostErrors(ACCOMMODATION_INTENTS.delete));
  if (!detail.can.delete) return null;
  return (
    <ConfirmInPlaceForm
      className="rounded-lg border border-slate-200 bg-white p-4"
      summary={t("rostering:accommodation.delete.summary")}
      intent={ACCOMMODATION_INTENTS.delete}
      warning={t(
        detail.showProjects
          ? "rostering:accommodation.shared.deleteWarning"
          : "rostering:accommodation.delete.warning",
      )}
      confirmLabel={t("rostering:accommodation.confirm")}
      submitLabel={t("rostering:accommodation.delete.submit")}
      errors={errors}
    />
  );
}

const asText = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";

/** The place's history, newest first: edits, rooms, bookings and roster bookings. */
export function AccommodationActivity({ detail }: { detail: Detail }) {
  const { t, locale } = useAccommodationText();
  const day = (value: unknown) => (asText(value) ? formatDate(asText(value), locale) : "-");
  return (
    <ActivityList
      empty={t("rostering:accommodation.activity.empty")}
      entries={detail.activity.map((entry) => {
        const values = { ...(entry.before ?? {}), ...(entry.after ?? {}) };
        const details: string[] = [];
        if (entry.action === "updated")
          details.push(
            t("rostering:accommodation.activity.fields", {
              fields: Object.keys(entry.after ?? {})
                .map((name) => t(`rostering:accommodation.fields.${name}`))
                .join(", "),
            }),
          );
        if (entry.action === "room-added" || entry.action === "room-removed")
          details.push(
            t("rostering:accommodation.activity.room", {
              room: asText(values.room),
              beds: asText(values.beds),
            }),
          );
        if (entry.action === "booked" || entry.action === "booking-cancelled")
          details.push(
            t("rostering:accommodation.activity.stay", {
              person: asText(values.person),
              room: asText(values.room),
              checkIn: day(values.checkIn),
              checkOut: day(values.checkOut),
            }),
          );
        if (entry.action === "roster-booked")
          details.push(
            t("rostering:accommodation.activity.rosterBooked", {
              roster: asText(values.roster),
              bookings: asText(values.bookings),
              nights: asText(values.nights),
              room: asText(values.room),
            }),
          );
        return {
          id: entry.id,
          summary: t("rostering:accommodation.activity.entry", {
            action: t(`rostering:accommodation.activity.events.${entry.action}`, {
              defaultValue: entry.action,
            }),
            name: entry.actorName ?? t("rostering:accommodation.activity.unknownActor"),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}

/**
 * A place's page, seen from a project's accommodation (`project`) or from global settings (`shared`): the way
 * back and the edit link lead to the pages of where it is seen.
 */
export function AccommodationDetailPage({
  detail,
  seenFrom,
}: {
  detail: Detail;
  seenFrom: "project" | "shared";
}) {
  const { t } = useAccommodationText();
  const paths = seenFrom === "shared" ? SHARED_PLACE_PATHS : PROJECT_PLACE_PATHS;
  return (
    <DetailPage
      back={{
        to: paths.list,
        label: t(
          seenFrom === "shared"
            ? "rostering:accommodation.shared.back"
            : "rostering:accommodation.detail.back",
        ),
      }}
      title={detail.place.name}
      description={detail.place.address ?? undefined}
      activity={<AccommodationActivity detail={detail} />}
      actions={
        detail.can.edit ? (
          <Link to={paths.edit(detail.place.id)} className={buttonClass("secondary")}>
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
