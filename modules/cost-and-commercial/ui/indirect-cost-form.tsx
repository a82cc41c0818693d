import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { INDIRECT_PATH } from "../server/downstream-basics";
import { CHANGE_LIMITS } from "../server/subcontract-changes-basics";
import { MoneyInput } from "./money-input";
import { useUpstreamText } from "./upstream-text";

/** An indirect cost's form, to add a line or to edit it; categories used before are suggested. */
export function IndirectCostForm({
  lastResult,
  defaultValue,
  categories,
  editing,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: Record<string, string>;
  categories: string[];
  editing: boolean;
}) {
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "indirect-cost", lastResult, defaultValue });
  const f = (name: string) => t(`cost-and-commercial:indirect.fields.${name}`);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          label={`${f("category")} *`}
          errors={translate(fields.category.errors)}
          inputProps={{
            ...getInputProps(fields.category, { type: "text" }),
            required: true,
            maxLength: CHANGE_LIMITS.category,
            list: "indirect-categories",
          }}
        />
        <datalist id="indirect-categories">
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <TextField
          label={`${f("month")} *`}
          hint={t("cost-and-commercial:indirect.monthHint")}
          errors={translate(fields.month.errors)}
          inputProps={{ ...getInputProps(fields.month, { type: "month" }), required: true }}
        />
        <TextField
          label={`${f("description")} *`}
          className="sm:col-span-2"
          errors={translate(fields.description.errors)}
          inputProps={{
            ...getInputProps(fields.description, { type: "text" }),
            required: true,
            maxLength: CHANGE_LIMITS.indirectDescription,
          }}
        />
        <MoneyInput
          label={`${f("budget")} *`}
          name={fields.budget.name}
          defaultValue={fields.budget.initialValue as string | undefined}
          errors={translate(fields.budget.errors)}
          required
        />
        <MoneyInput
          label={f("actual")}
          name={fields.actual.name}
          defaultValue={fields.actual.initialValue as string | undefined}
          errors={translate(fields.actual.errors)}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={INDIRECT_PATH} className={buttonClass("secondary")}>
          {t("cost-and-commercial:variation.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(`cost-and-commercial:indirect.${editing ? "save" : "create"}`)}
        </Button>
      </div>
    </Form>
  );
}
