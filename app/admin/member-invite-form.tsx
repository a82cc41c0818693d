import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { Select, type SelectOption } from "~/app/ui/select";
import { TagsInput } from "~/app/ui/tags-input";
import { useMemberErrorText } from "./member-error-text";

type Schema = Parameters<typeof parseWithZod>[1]["schema"];

export type InviteSelect = {
  name: string;
  label: string;
  options: SelectOption[];
  /** Required selects start empty with a placeholder; optional ones start on their "none" option. */
  required?: boolean;
  noneOption?: SelectOption;
};

type MemberInviteFormProps = {
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  selects: InviteSelect[];
  cancelHref: string;
  maxEmails: number;
  isEmail: (address: string) => boolean;
};

/** Posted values come back as a string or a list; the tags input wants a list either way. */
function initialAddresses(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === "string").flatMap((v) => v.split(","));
}

/**
 * The invitation form of both members pages: addresses as tags (comma or Enter, duplicates refused),
 * then the selects the page needs. Works without JavaScript: the tags box posts a typed comma list.
 */
export function MemberInviteForm({
  schema,
  lastResult,
  selects,
  cancelHref,
  maxEmails,
  isEmail,
}: MemberInviteFormProps) {
  const { t } = useTranslation("members");
  const { fieldErrors, formErrors } = useMemberErrorText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "invite-members",
    lastResult,
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const fieldOf = (name: string) =>
    (fields as Record<string, { errors?: string[]; initialValue?: unknown }>)[name];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <FormAlert id={form.errorId} errors={formErrors(form.errors)} />
      <TagsInput
        label={t("invite.emails")}
        name="emails"
        max={maxEmails}
        validate={isEmail}
        defaultValue={initialAddresses(fieldOf("emails")?.initialValue)}
        placeholder={t("invite.emailsPlaceholder")}
        hint={t("invite.emailsHint")}
        errors={fieldErrors(fieldOf("emails")?.errors)}
      />
      {selects.map((select) => {
        const field = fieldOf(select.name);
        const posted = typeof field?.initialValue === "string" ? field.initialValue : undefined;
        return (
          <Select
            key={select.name}
            label={select.label}
            name={select.name}
            required={select.required}
            placeholder={select.required ? t("invite.choose") : undefined}
            options={select.noneOption ? [select.noneOption, ...select.options] : select.options}
            defaultValue={posted ?? select.noneOption?.value}
            errors={fieldErrors(field?.errors)}
          />
        );
      })}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Link to={cancelHref} className={buttonClass("secondary")}>
          {t("invite.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t("invite.submit")}
        </Button>
      </div>
    </Form>
  );
}
