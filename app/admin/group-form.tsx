import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { TagsInput } from "~/app/ui/tags-input";
import { splitTags } from "~/app/ui/tags-input-rules";
import { isEmailAddress } from "~/app/utils/email";
import { useAdminMessages } from "./company-messages";
import { GroupMemberPicker, type MemberChoice } from "./group-member-picker";

export type GroupFormValues = {
  name: string;
  description: string;
  memberIds: string[];
  workers: string[];
  externalUsers: string[];
};

type GroupFormProps = {
  id: string;
  schema: z.ZodType<any>;
  choices: MemberChoice[];
  defaultValue?: GroupFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  cancelTo: string;
};

/** What a field last held: the posted values after a refused submit, else the stored ones. */
function listOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return values.filter((entry): entry is string => typeof entry === "string").flatMap(splitTags);
}

/** Spec 3's group: name, description, members (the project's), workers by name, external users by email. */
export function GroupForm({
  id,
  schema,
  choices,
  defaultValue,
  lastResult,
  submitLabel,
  cancelTo,
}: GroupFormProps) {
  const { t, translate } = useAdminMessages();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <TextField
            label={t("groups:fields.name")}
            errors={translate(fields.name.errors)}
            inputProps={getInputProps(fields.name, { type: "text" })}
          />
          <TextAreaField
            label={t("groups:fields.description")}
            errors={translate(fields.description.errors)}
            textareaProps={getTextareaProps(fields.description)}
          />
          <TagsInput
            label={t("groups:fields.workers")}
            name={fields.workers.name}
            defaultValue={listOf(fields.workers.initialValue)}
            hint={t("groups:form.workersHint")}
            errors={translate(fields.workers.errors)}
          />
          <TagsInput
            label={t("groups:fields.externalUsers")}
            name={fields.externalUsers.name}
            defaultValue={listOf(fields.externalUsers.initialValue)}
            validate={isEmailAddress}
            hint={t("groups:form.externalUsersHint")}
            errors={translate(fields.externalUsers.errors)}
          />
        </div>
        <GroupMemberPicker
          name={fields.memberIds.name}
          choices={choices}
          defaultSelected={listOf(fields.memberIds.initialValue)}
          errors={translate(fields.memberIds.errors)}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("groups:actions.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
