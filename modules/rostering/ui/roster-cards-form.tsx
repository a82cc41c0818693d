import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { useLastPost } from "~/app/ui/use-last-post";
import type { CardChoiceGroup } from "../domain/schedule-cards";
import type { ShiftKind } from "../domain/types";
import { useRosteringText } from "./rostering-text";
import { ScheduleCardSelect } from "./schedule-card-select";

/** The roster's day and night schedule card selects (decision 046), for the create form and the roster page. */
export function RosterCardFields({
  cards,
  values,
  errors,
}: {
  cards: Record<ShiftKind, CardChoiceGroup[]>;
  values: { dayCardId: string; nightCardId: string };
  errors: (name: string) => string[] | null | undefined;
}) {
  const { t } = useRosteringText();
  return (
    <>
      <ScheduleCardSelect
        name="dayCardId"
        label={t("rostering:scheduleCards.fields.dayCardId")}
        groups={cards.day}
        defaultValue={values.dayCardId}
        errors={errors("dayCardId")}
      />
      <ScheduleCardSelect
        name="nightCardId"
        label={t("rostering:scheduleCards.fields.nightCardId")}
        groups={cards.night}
        defaultValue={values.nightCardId}
        errors={errors("nightCardId")}
      />
    </>
  );
}

/** The roster page's shift times form, in its panel (?edit=shift-times): its set-cards intent (rostering.roster.edit). */
export function RosterCardsForm({
  action,
  cards,
  values,
}: {
  action: string;
  cards: Record<ShiftKind, CardChoiceGroup[]>;
  values: { dayCardId: string; nightCardId: string };
}) {
  const { t, translate } = useRosteringText();
  const last = useLastPost("set-cards");
  return (
    <Form method="post" action={action} className="space-y-3 text-sm">
      <input type="hidden" name="intent" value="set-cards" />
      <p className="text-slate-600">{t("rostering:scheduleCards.rosterCardsHint")}</p>
      <FormAlert errors={translate(last?.formErrors)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <RosterCardFields
          cards={cards}
          values={
            last ? { dayCardId: last.value("dayCardId"), nightCardId: last.value("nightCardId") } : values
          }
          errors={(name) => translate(last?.errors(name))}
        />
      </div>
      <Button type="submit" size="sm">
        {t("rostering:scheduleCards.rosterCardsSubmit")}
      </Button>
    </Form>
  );
}
