import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { Select, type SelectOption } from "~/app/ui/select";
import { useMemberErrorText } from "./member-error-text";

type Schema = Parameters<typeof parseWithZod>[1]["schema"];

type MemberRolesFormProps = {
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  choices: { roles: SelectOption[]; accRoles: SelectOption[]; companies: SelectOption[] };
  current: { roleId: string | null; accRoleId: string | null; companyId: string | null };
  /** The value that stands for "no ACC role" / "no company" (a select value cannot be empty). */
  noChoice: string;
};

/** Changes a member's product role, ACC role and company. */
export function MemberRolesForm({ schema, lastResult, choices, current, noChoice }: MemberRolesFormProps) {
  const { t } = useTranslation("members");
  const { fieldErrors, formErrors } = useMemberErrorText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "member-roles",
    lastResult,
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "edit";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="edit" />
      <FormAlert id={form.errorId} errors={formErrors(form.errors)} />
      <Select
        label={t("invite.role")}
        name="roleId"
        required
        placeholder={t("invite.choose")}
        options={choices.roles}
        defaultValue={current.roleId ?? undefined}
        errors={fieldErrors(fields.roleId.errors)}
      />
      <Select
        label={t("invite.accRole")}
        name="accRoleId"
        options={[{ value: noChoice, label: t("invite.noAccRole") }, ...choices.accRoles]}
        defaultValue={current.accRoleId ?? noChoice}
        errors={fieldErrors(fields.accRoleId.errors)}
      />
      <Select
        label={t("invite.company")}
        name="companyId"
        options={[{ value: noChoice, label: t("invite.noCompany") }, ...choices.companies]}
        defaultValue={current.companyId ?? noChoice}
        errors={fieldErrors(fields.companyId.errors)}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {t("detail.save")}
        </Button>
      </div>
    </Form>
  );
}
