import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { CheckboxField, FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { ACCOMMODATION_LIMITS } from "../server/accommodation-basics";
import type { RosterTravelPage } from "../server/travel.server";
import { useAccommodationText } from "./accommodation-text";

const DIRECTIONS = ["in", "out"] as const;

/**
 * Every leg of the roster in one form, grouped by person: edit, tick Remove, or fill the blank row to add one.
 * One post saves them all or, when a row is wrong, none (the row shows its message). Works without JavaScript.
 */
export function TravelForm({
  page,
  lastResult,
}: {
  page: RosterTravelPage;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t, translate } = useAccommodationText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `travel-${page.roster.id}-${page.suggesting ? "suggested" : "stored"}`,
    lastResult,
    defaultValue: { legs: page.rows },
  });
  const legs = fields.legs.getFieldList();
  const field = (name: string) => t(`rostering:travel.fields.${name}`);
  const tl = ACCOMMODATION_LIMITS.travelText;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      {page.people.map((person) => {
        const rows = legs
          .map((leg) => ({ leg }))
          .filter(({ leg }) => leg.getFieldset().personId.initialValue === person.id);
        return (
          <fieldset key={person.id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">
              {person.fullName} <span className="font-normal text-slate-600">({person.role})</span>
            </legend>
            <p className="text-sm text-slate-600">
              {person.homeLocation
                ? t("rostering:travel.home", { place: person.homeLocation })
                : t("rostering:travel.noHome")}
            </p>
            {rows.map(({ leg }) => {
              const row = leg.getFieldset();
              const isNew = !row.id.initialValue;
              return (
                <div
                  key={leg.key ?? leg.name}
                  className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2 lg:grid-cols-[10rem_10rem_minmax(0,1fr)_minmax(0,1fr)_10rem_auto] lg:items-end"
                >
                  <input
                    type="hidden"
                    name={row.id.name}
                    defaultValue={(row.id.initialValue as string) ?? ""}
                  />
                  <input type="hidden" name={row.personId.name} defaultValue={person.id} />
                  <NativeSelect
                    label={
                      isNew ? `${field("direction")} (${t("rostering:travel.newLeg")})` : field("direction")
                    }
                    name={row.direction.name}
                    placeholder="-"
                    defaultValue={(row.direction.initialValue as string) || undefined}
                    options={DIRECTIONS.map((value) => ({
                      value,
                      label: t(`rostering:travel.direction.${value}`),
                    }))}
                    errors={translate(row.direction.errors)}
                  />
                  <DateField
                    label={field("travelOn")}
                    errors={translate([...(row.travelOn.errors ?? []), ...(row.personId.errors ?? [])])}
                    inputProps={getInputProps(row.travelOn, { type: "date" })}
                  />
                  <TextField
                    label={field("origin")}
                    errors={translate(row.origin.errors)}
                    inputProps={{ ...getInputProps(row.origin, { type: "text" }), maxLength: tl }}
                  />
                  <TextField
                    label={field("destination")}
                    errors={translate(row.destination.errors)}
                    inputProps={{ ...getInputProps(row.destination, { type: "text" }), maxLength: tl }}
                  />
                  <TextField
                    label={field("carrier")}
                    errors={translate(row.carrier.errors)}
                    inputProps={{ ...getInputProps(row.carrier, { type: "text" }), maxLength: tl }}
                  />
                  {isNew ? (
                    <span className="hidden lg:block" />
                  ) : (
                    <CheckboxField label={field("remove")} inputProps={{ name: `${leg.name}.remove` }} />
                  )}
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <div className="flex justify-end">
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t("rostering:travel.save")}
        </Button>
      </div>
    </Form>
  );
}
