import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { useLastPost } from "~/app/ui/use-last-post";
import { ALLOCATIONS_PATH, ROSTERING_LIMITS as L } from "../server/rostering-basics";
import { useRosteringText } from "./rostering-text";

export type AllocationValues = {
  role: string;
  peopleNeeded: string;
  startsOn: string;
  endsOn: string;
  shiftKind: string;
  requiredTickets: string;
  notes: string;
};

/** Add or edit an allocation: the rostering role, how many people, the period, the shift and the tickets needed. */
export function AllocationForm({
  allocationId,
  values,
  submit,
  action,
}: {
  allocationId?: string;
  values: AllocationValues;
  submit: string;
  action?: string;
}) {
  const { t, translate } = useRosteringText();
  const intent = allocationId ? "update" : "create";
  const last = useLastPost(intent, allocationId ? { field: "allocationId", id: allocationId } : undefined);
  const value = (name: keyof AllocationValues) => (last ? last.value(name) : values[name]);
  const errors = (name: string) => translate(last?.errors(name));
  const label = (name: string, required = false) =>
    t(`rostering:allocation.fields.${name}`) + (required ? " *" : "");
  return (
    <Form method="post" action={action ?? ALLOCATIONS_PATH} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {allocationId ? <input type="hidden" name="allocationId" value={allocationId} /> : null}
      <FormAlert errors={translate(last?.formErrors)} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label={label("role", true)}
          errors={errors("role")}
          inputProps={{ name: "role", defaultValue: value("role"), required: true, maxLength: L.role }}
        />
        <TextField
          label={label("peopleNeeded", true)}
          errors={errors("peopleNeeded")}
          inputProps={{
            name: "peopleNeeded",
            type: "number",
            min: 1,
            max: L.peopleNeeded,
            defaultValue: value("peopleNeeded"),
            required: true,
          }}
        />
        <NativeSelect
          label={label("shiftKind", true)}
          name="shiftKind"
          defaultValue={value("shiftKind") || "day"}
          options={[
            { value: "day", label: t("rostering:shift.day") },
            { value: "night", label: t("rostering:shift.night") },
          ]}
          errors={errors("shiftKind")}
        />
        <TextField
          label={label("startsOn", true)}
          errors={errors("startsOn")}
          inputProps={{ name: "startsOn", type: "date", defaultValue: value("startsOn"), required: true }}
        />
        <TextField
          label={label("endsOn", true)}
          errors={errors("endsOn")}
          inputProps={{ name: "endsOn", type: "date", defaultValue: value("endsOn"), required: true }}
        />
        <TextField
          label={label("requiredTickets")}
          hint={t("rostering:allocation.ticketsHint")}
          errors={errors("requiredTickets")}
          inputProps={{ name: "requiredTickets", defaultValue: value("requiredTickets"), maxLength: 1000 }}
        />
      </div>
      <TextAreaField
        label={label("notes")}
        errors={errors("notes")}
        textareaProps={{ name: "notes", defaultValue: value("notes"), maxLength: L.notes, rows: 2 }}
      />
      <Button type="submit" size="sm">
        {submit}
      </Button>
    </Form>
  );
}
