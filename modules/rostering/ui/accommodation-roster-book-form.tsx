import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { CheckboxField, FormAlert } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { useAccommodationText } from "./accommodation-text";

/** The roster page's intent for this form (the manifest's `book-rooms`, accommodation.edit). */
const BOOK_ROOMS = "book-rooms";

/**
 * For the roster page: books the roster's people (everyone, or those ticked) into a room for their runs of
 * rostered days; nights they already have a bed for are left as they are. A plain post to the roster's page.
 */
export function AccommodationRosterBookForm({
  rooms,
  people = [],
  action,
}: {
  /** A shared place's room (decision 047) is labelled "Shared". */
  rooms: { value: string; label: string; beds: number; shared?: boolean }[];
  people?: { id: string; fullName: string }[];
  action?: string;
}) {
  const { t, translate } = useAccommodationText();
  const errors = translate(usePostErrors(BOOK_ROOMS));
  const text = (key: string, params?: Record<string, unknown>) =>
    t(`rostering:accommodation.rosterBooking.${key}`, params);
  if (rooms.length === 0) return <p className="text-sm text-slate-600">{text("noRooms")}</p>;
  return (
    <Form method="post" action={action} className="space-y-3">
      <FormAlert errors={errors} />
      <input type="hidden" name="intent" value={BOOK_ROOMS} />
      <NativeSelect
        label={`${text("room")} *`}
        name="roomId"
        placeholder={text("chooseRoom")}
        options={rooms.map((room) => ({
          value: room.value,
          label: `${room.label} (${t("rostering:accommodation.rooms.beds", { count: room.beds })})${
            room.shared ? ` · ${t("rostering:accommodation.shared.badge")}` : ""
          }`,
        }))}
        required
      />
      {people.length ? (
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-900">{text("people")}</legend>
          <p className="text-sm text-slate-600">{text("peopleHint")}</p>
          {people.map((person) => (
            <CheckboxField
              key={person.id}
              label={person.fullName}
              inputProps={{ name: "personIds", value: person.id }}
            />
          ))}
        </fieldset>
      ) : null}
      <p className="text-sm text-slate-600">{text("hint")}</p>
      <Button type="submit" variant="secondary">
        {text("submit")}
      </Button>
    </Form>
  );
}
