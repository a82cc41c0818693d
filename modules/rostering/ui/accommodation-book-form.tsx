import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { ACCOMMODATION_INTENTS } from "../server/accommodation-basics";
import { useAccommodationText } from "./accommodation-text";

type Option = { value: string; label: string };

/**
 * Books a person into a room for the nights from check-in up to check-out (the day they leave). A room may be
 * overbooked: the booking is kept and the nights are marked.
 */
export function AccommodationBookForm({ rooms, people }: { rooms: Option[]; people: Option[] }) {
  const { t, translate } = useAccommodationText();
  const actionData = useActionData<SubmissionResult<string[]>>();
  const sent = (actionData?.initialValue as Record<string, unknown> | undefined)?.intent;
  const lastResult = sent === ACCOMMODATION_INTENTS.book ? actionData : undefined;
  const [form, fields] = useForm({ id: "accommodation-book", lastResult });
  const label = (name: string) => `${t(`rostering:accommodation.fields.${name}`)} *`;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <input type="hidden" name="intent" value={ACCOMMODATION_INTENTS.book} />
      <div className="grid gap-3 sm:grid-cols-2">
        <NativeSelect
          label={label("person")}
          name={fields.personId.name}
          placeholder={t("rostering:accommodation.book.choosePerson")}
          defaultValue={fields.personId.initialValue as string | undefined}
          options={people}
          required
          errors={translate(fields.personId.errors)}
          hint={people.length === 0 ? t("rostering:accommodation.book.noPeople") : undefined}
        />
        <NativeSelect
          label={label("room")}
          name={fields.roomId.name}
          placeholder={t("rostering:accommodation.book.chooseRoom")}
          defaultValue={fields.roomId.initialValue as string | undefined}
          options={rooms}
          required
          errors={translate(fields.roomId.errors)}
        />
        <DateField
          label={label("checkIn")}
          errors={translate(fields.checkIn.errors)}
          inputProps={{ ...getInputProps(fields.checkIn, { type: "date" }), required: true }}
        />
        <DateField
          label={label("checkOut")}
          errors={translate(fields.checkOut.errors)}
          inputProps={{ ...getInputProps(fields.checkOut, { type: "date" }), required: true }}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit">{t("rostering:accommodation.book.submit")}</Button>
      </div>
    </Form>
  );
}
