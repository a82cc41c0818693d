import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { ACCOMMODATION_INTENTS, ACCOMMODATION_LIMITS } from "../server/accommodation-basics";
import { useAccommodationText } from "./accommodation-text";

/** Adds a room: its name (unique in the place) and beds (1 to 50). */
export function AccommodationRoomForm() {
  const { t, translate } = useAccommodationText();
  const actionData = useActionData<SubmissionResult<string[]>>();
  const sent = (actionData?.initialValue as Record<string, unknown> | undefined)?.intent;
  const lastResult = sent === ACCOMMODATION_INTENTS.addRoom ? actionData : undefined;
  const [form, fields] = useForm({ id: "accommodation-add-room", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <input type="hidden" name="intent" value={ACCOMMODATION_INTENTS.addRoom} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem_auto] sm:items-end">
        <TextField
          label={`${t("rostering:accommodation.fields.roomName")} *`}
          errors={translate(fields.name.errors)}
          inputProps={{
            ...getInputProps(fields.name, { type: "text" }),
            maxLength: ACCOMMODATION_LIMITS.roomName,
            required: true,
          }}
        />
        <TextField
          label={`${t("rostering:accommodation.fields.beds")} *`}
          errors={translate(fields.beds.errors)}
          inputProps={{
            ...getInputProps(fields.beds, { type: "number" }),
            min: ACCOMMODATION_LIMITS.minBeds,
            max: ACCOMMODATION_LIMITS.maxBeds,
            required: true,
          }}
        />
        <Button type="submit">{t("rostering:accommodation.rooms.add")}</Button>
      </div>
    </Form>
  );
}
