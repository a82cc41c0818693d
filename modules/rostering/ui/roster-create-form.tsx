import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { useLastPost } from "~/app/ui/use-last-post";
import type { CardChoiceGroup } from "../domain/schedule-cards";
import type { ShiftKind } from "../domain/types";
import { ROSTERING_LIMITS as L, type RosterTab } from "../server/rostering-basics";
import { RosterCardFields } from "./roster-cards-form";
import { useRosteringText } from "./rostering-text";

type Choice = { value: string; label: string };

/** A new roster: one person's (single) or a crew's (composition), on a cycle typed as "8/6" or "7D/7N/7O". */
export function RosterCreateForm({
  kind,
  people,
  crews,
  allocations,
  cards,
  defaults,
}: {
  kind: RosterTab;
  people: Choice[];
  crews: Choice[];
  allocations: Choice[];
  cards: Record<ShiftKind, CardChoiceGroup[]>;
  defaults: { startsOn: string; endsOn: string };
}) {
  const { t, translate } = useRosteringText();
  const last = useLastPost("create");
  const value = (name: string, fallback = "") => (last ? last.value(name) : fallback);
  const errors = (name: string) => translate(last?.errors(name));
  const label = (name: string, required = false) =>
    t(`rostering:rosters.fields.${name}`) + (required ? " *" : "");
  return (
    <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="kind" value={kind} />
      <FormAlert errors={translate(last?.formErrors)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={label("name", true)}
          errors={errors("name")}
          inputProps={{ name: "name", defaultValue: value("name"), required: true, maxLength: L.rosterName }}
        />
        {kind === "single" ? (
          <NativeSelect
            label={label("personId", true)}
            name="personId"
            placeholder={t("rostering:choose")}
            defaultValue={value("personId") || undefined}
            options={people}
            errors={errors("personId")}
            required
          />
        ) : (
          <NativeSelect
            label={label("crewId", true)}
            name="crewId"
            placeholder={t("rostering:choose")}
            defaultValue={value("crewId") || undefined}
            options={crews}
            errors={errors("crewId")}
            required
          />
        )}
        <NativeSelect
          label={label("allocationId")}
          name="allocationId"
          placeholder={t("rostering:rosters.noAllocation")}
          defaultValue={value("allocationId") || undefined}
          options={allocations}
          errors={errors("allocationId")}
        />
        <TextField
          label={label("startsOn", true)}
          errors={errors("startsOn")}
          inputProps={{
            name: "startsOn",
            type: "date",
            defaultValue: value("startsOn", defaults.startsOn),
            required: true,
          }}
        />
        <TextField
          label={label("endsOn", true)}
          errors={errors("endsOn")}
          inputProps={{
            name: "endsOn",
            type: "date",
            defaultValue: value("endsOn", defaults.endsOn),
            required: true,
          }}
        />
        <TextField
          label={label("pattern", true)}
          hint={t("rostering:rosters.patternHint")}
          errors={errors("pattern")}
          inputProps={{
            name: "pattern",
            defaultValue: value("pattern", "8/6"),
            required: true,
            maxLength: 40,
          }}
        />
        <NativeSelect
          label={label("shiftKind")}
          name="shiftKind"
          defaultValue={value("shiftKind", "day")}
          options={[
            { value: "day", label: t("rostering:shift.day") },
            { value: "night", label: t("rostering:shift.night") },
          ]}
          errors={errors("shiftKind")}
        />
        <RosterCardFields
          cards={cards}
          values={{ dayCardId: value("dayCardId"), nightCardId: value("nightCardId") }}
          errors={errors}
        />
      </div>
      <Button type="submit">{t("rostering:rosters.createSubmit")}</Button>
    </Form>
  );
}
