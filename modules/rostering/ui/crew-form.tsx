import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { CheckboxGroup } from "~/app/ui/checkbox-group";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { useLastPost } from "~/app/ui/use-last-post";
import { CREWS_PATH, ROSTERING_LIMITS as L } from "../server/rostering-basics";
import { useRosteringText } from "./rostering-text";

export type CrewValues = { name: string; leadId: string; memberIds: string[] };

/** Add or edit a crew: its name, lead and members (the lead is always a member). */
export function CrewForm({
  crewId,
  values,
  people,
  submit,
  action,
}: {
  action?: string;
  crewId?: string;
  values: CrewValues;
  people: { value: string; label: string }[];
  submit: string;
}) {
  const { t, translate } = useRosteringText();
  const intent = crewId ? "update" : "create";
  const last = useLastPost(intent, crewId ? { field: "crewId", id: crewId } : undefined);
  const members = last ? last.values("memberIds") : values.memberIds;
  return (
    <Form method="post" action={action ?? CREWS_PATH} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {crewId ? <input type="hidden" name="crewId" value={crewId} /> : null}
      <FormAlert errors={translate(last?.formErrors)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={`${t("rostering:crew.fields.name")} *`}
          errors={translate(last?.errors("name"))}
          inputProps={{
            name: "name",
            defaultValue: last ? last.value("name") : values.name,
            required: true,
            maxLength: L.crewName,
          }}
        />
        <NativeSelect
          label={t("rostering:crew.fields.leadId")}
          name="leadId"
          placeholder={t("rostering:crew.noLead")}
          defaultValue={(last ? last.value("leadId") : values.leadId) || undefined}
          options={people}
          errors={translate(last?.errors("leadId"))}
        />
      </div>
      <div className="max-h-72 overflow-y-auto rounded-md border border-slate-200 p-3">
        <CheckboxGroup
          legend={t("rostering:crew.fields.memberIds")}
          name="memberIds"
          options={people}
          checked={members}
          emptyLabel={t("rostering:person.none")}
        />
      </div>
      <FormAlert errors={translate(last?.errors("memberIds"))} />
      <Button type="submit" size="sm">
        {submit}
      </Button>
    </Form>
  );
}
