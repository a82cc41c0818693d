import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { Select, type SelectOption } from "~/app/ui/select";
import { useMemberErrorText } from "./member-error-text";

type Schema = Parameters<typeof parseWithZod>[1]["schema"];

/** Sets or clears a user's global role (what the global settings pages grant them). */
export function MemberGlobalRoleForm({
  schema,
  lastResult,
  roles,
  current,
  noChoice,
}: {
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  roles: SelectOption[];
  current: string | null;
  noChoice: string;
}) {
  const { t } = useTranslation("members");
  const { fieldErrors } = useMemberErrorText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "global-role",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "global-role";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="global-role" />
      <Select
        label={t("detail.globalRole")}
        name="globalRoleId"
        options={[{ value: noChoice, label: t("invite.noGlobalRole") }, ...roles]}
        defaultValue={current ?? noChoice}
        hint={t("detail.globalRoleHint")}
        errors={fieldErrors(fields.globalRoleId.errors)}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          {t("detail.saveGlobalRole")}
        </Button>
      </div>
    </Form>
  );
}
