import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { useLastPost } from "~/app/ui/use-last-post";
import { ROSTERING_LIMITS as L, PERSONNEL_PATH } from "../server/rostering-basics";
import { useRosteringText } from "./rostering-text";

export type PersonValues = {
  fullName: string;
  email: string;
  phone: string;
  role: string;
  companyId: string;
  homeLocation: string;
};

/** Add or edit a person (intent create or update). */
export function PersonForm({
  personId,
  values,
  companies,
  submit,
  action,
}: {
  personId?: string;
  values: PersonValues;
  companies: { value: string; label: string }[];
  submit: string;
  /** Where it posts (the page's address while editing); the register by default. */
  action?: string;
}) {
  const { t, translate } = useRosteringText();
  const intent = personId ? "update" : "create";
  const last = useLastPost(intent, personId ? { field: "personId", id: personId } : undefined);
  const value = (name: keyof PersonValues) => (last ? last.value(name) : values[name]);
  const field = (name: keyof PersonValues, required: boolean, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(`rostering:person.fields.${name}`) + (required ? " *" : "")}
      errors={translate(last?.errors(name))}
      inputProps={{ name, defaultValue: value(name), required, ...extra }}
    />
  );
  return (
    <Form method="post" action={action ?? PERSONNEL_PATH} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {personId ? <input type="hidden" name="personId" value={personId} /> : null}
      <FormAlert errors={translate(last?.formErrors)} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {field("fullName", true, { maxLength: L.name, autoComplete: "off" })}
        {field("role", true, { maxLength: L.role })}
        {field("email", false, { maxLength: L.email, type: "email" })}
        {field("phone", false, { maxLength: L.phone, type: "tel" })}
        {field("homeLocation", false, { maxLength: L.homeLocation })}
        <NativeSelect
          label={t("rostering:person.fields.companyId")}
          name="companyId"
          placeholder={t("rostering:person.noCompany")}
          defaultValue={value("companyId") || undefined}
          options={companies}
          errors={translate(last?.errors("companyId"))}
        />
      </div>
      <Button type="submit" size="sm">
        {submit}
      </Button>
    </Form>
  );
}

/** Add a ticket to a person. */
export function TicketForm({ personId, action }: { personId: string; action?: string }) {
  const { t, translate } = useRosteringText();
  const last = useLastPost("add-ticket", { field: "personId", id: personId });
  return (
    <Form method="post" action={action ?? PERSONNEL_PATH} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="add-ticket" />
      <input type="hidden" name="personId" value={personId} />
      <TextField
        className="min-w-0 flex-1"
        label={t("rostering:person.ticketName")}
        errors={translate(last?.errors("ticketName"))}
        inputProps={{
          name: "ticketName",
          defaultValue: last?.value("ticketName"),
          required: true,
          maxLength: L.ticket,
        }}
      />
      <TextField
        label={t("rostering:person.expiresOn")}
        errors={translate(last?.errors("expiresOn"))}
        inputProps={{ name: "expiresOn", type: "date", defaultValue: last?.value("expiresOn") }}
      />
      <Button type="submit" size="sm" variant="secondary">
        {t("rostering:person.addTicket")}
      </Button>
    </Form>
  );
}
