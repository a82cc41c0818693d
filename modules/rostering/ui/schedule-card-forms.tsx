import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { useLastPost } from "~/app/ui/use-last-post";
import { SCHEDULE_CARD_LIMITS as L, SCHEDULE_CARDS_PATH } from "../server/rostering-basics";
import { useRosteringText } from "./rostering-text";

export type GroupValues = { name: string; description: string };
export type CardValues = { groupId: string; name: string; kind: string; startTime: string; hours: string };

/** Add or edit a schedule card group: its name (unique in the project) and an optional description. */
export function ScheduleCardGroupForm({
  groupId,
  values,
  submit,
  action,
}: {
  groupId?: string;
  values: GroupValues;
  submit: string;
  action?: string;
}) {
  const { t, translate } = useRosteringText();
  const intent = groupId ? "update-group" : "create-group";
  const last = useLastPost(intent, groupId ? { field: "groupId", id: groupId } : undefined);
  const value = (name: keyof GroupValues) => (last ? last.value(name) : values[name]);
  return (
    <Form method="post" action={action ?? SCHEDULE_CARDS_PATH} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {groupId ? <input type="hidden" name="groupId" value={groupId} /> : null}
      <FormAlert errors={translate(last?.formErrors)} />
      <TextField
        label={`${t("rostering:scheduleCards.fields.groupName")} *`}
        errors={translate(last?.errors("name"))}
        inputProps={{ name: "name", defaultValue: value("name"), required: true, maxLength: L.name }}
      />
      <TextAreaField
        label={t("rostering:scheduleCards.fields.description")}
        errors={translate(last?.errors("description"))}
        textareaProps={{
          name: "description",
          defaultValue: value("description"),
          maxLength: L.description,
          rows: 2,
        }}
      />
      <Button type="submit" size="sm">
        {submit}
      </Button>
    </Form>
  );
}

/** Add or edit a schedule card: its group, name (unique in the group), kind, start time and hours (4 to 16). */
export function ScheduleCardForm({
  cardId,
  values,
  groups,
  submit,
  action,
}: {
  cardId?: string;
  values: CardValues;
  groups: { value: string; label: string }[];
  submit: string;
  action?: string;
}) {
  const { t, translate } = useRosteringText();
  const intent = cardId ? "update-card" : "create-card";
  // A new card's form is repeated per group: the last post is this form's when it named this group.
  const last = useLastPost(
    intent,
    cardId ? { field: "cardId", id: cardId } : { field: "groupId", id: values.groupId },
  );
  const value = (name: keyof CardValues) => (last ? last.value(name) : values[name]);
  const errors = (name: string) => translate(last?.errors(name));
  return (
    <Form method="post" action={action ?? SCHEDULE_CARDS_PATH} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {cardId ? <input type="hidden" name="cardId" value={cardId} /> : null}
      {cardId ? null : <input type="hidden" name="groupId" value={values.groupId} />}
      <FormAlert errors={translate(last?.formErrors)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={`${t("rostering:scheduleCards.fields.name")} *`}
          errors={errors("name")}
          inputProps={{ name: "name", defaultValue: value("name"), required: true, maxLength: L.name }}
        />
        {cardId ? (
          <NativeSelect
            label={t("rostering:scheduleCards.fields.groupId")}
            name="groupId"
            defaultValue={value("groupId")}
            options={groups}
            errors={errors("groupId")}
            required
          />
        ) : null}
        <NativeSelect
          label={t("rostering:scheduleCards.fields.kind")}
          name="kind"
          defaultValue={value("kind") || "day"}
          options={[
            { value: "day", label: t("rostering:shift.day") },
            { value: "night", label: t("rostering:shift.night") },
          ]}
          errors={errors("kind")}
          required
        />
        <TextField
          label={`${t("rostering:scheduleCards.fields.startTime")} *`}
          errors={errors("startTime")}
          inputProps={{ name: "startTime", type: "time", defaultValue: value("startTime"), required: true }}
        />
        <TextField
          label={`${t("rostering:scheduleCards.fields.hours")} *`}
          hint={t("rostering:scheduleCards.hoursHint")}
          errors={errors("hours")}
          inputProps={{
            name: "hours",
            type: "number",
            inputMode: "numeric",
            min: L.minHours,
            max: L.maxHours,
            step: 1,
            defaultValue: value("hours"),
            required: true,
          }}
        />
      </div>
      <Button type="submit" size="sm">
        {submit}
      </Button>
    </Form>
  );
}
