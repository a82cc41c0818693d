import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { Select } from "~/app/ui/select";

export type ResourceRow = {
  id: string;
  code: string;
  name: string;
  category: string;
  unit: string;
  description: string | null;
  active: boolean;
};

export type ResourceFormResult = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
};

type ResourceFormPanelProps = {
  /** The resource being edited; none when creating one. */
  resource: ResourceRow | null;
  categories: readonly string[];
  result?: ResourceFormResult;
  cancelHref: string;
};

/** Create or edit a resource. A panel above the list (not a dialog), so it works without JavaScript. */
export function ResourceFormPanel({ resource, categories, result, cancelHref }: ResourceFormPanelProps) {
  const { t } = useTranslation("settings");
  const navigation = useNavigation();
  const submitted = result?.initialValue ?? null;
  const fieldValue = (name: keyof ResourceRow): string => {
    if (submitted) return typeof submitted[name] === "string" ? (submitted[name] as string) : "";
    const value = resource?.[name];
    return typeof value === "string" ? value : "";
  };
  const active = submitted ? submitted.active === "on" : (resource?.active ?? true);
  const errors = (name: string) => result?.error?.[name];
  const prefix = resource ? `resource-${resource.id}` : "resource-new";
  const descriptionId = `${prefix}-description`;
  return (
    <section aria-labelledby={`${prefix}-title`} className="rounded-lg bg-white p-6 ring-1 ring-brand-600/30">
      <h2 id={`${prefix}-title`} className="text-lg font-medium text-slate-900">
        {resource ? t("resources.editTitle", { code: resource.code }) : t("resources.createTitle")}
      </h2>
      <Form method="post" className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value={resource ? "update" : "create"} />
        {resource ? <input type="hidden" name="id" value={resource.id} /> : null}
        <FormAlert errors={errors("")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("resources.fields.code")}
            errors={errors("code")}
            inputProps={{
              id: `${prefix}-code`,
              name: "code",
              defaultValue: fieldValue("code"),
              required: true,
              maxLength: 40,
            }}
          />
          <TextField
            label={t("resources.fields.name")}
            errors={errors("name")}
            inputProps={{
              id: `${prefix}-name`,
              name: "name",
              defaultValue: fieldValue("name"),
              required: true,
              maxLength: 200,
            }}
          />
          <Select
            label={t("resources.fields.category")}
            name="category"
            required
            placeholder={t("resources.chooseCategory")}
            defaultValue={fieldValue("category") || undefined}
            errors={errors("category")}
            options={categories.map((category) => ({
              value: category,
              label: t(`resources.categories.${category}`),
            }))}
          />
          <TextField
            label={t("resources.fields.unit")}
            hint={t("resources.unitHint")}
            errors={errors("unit")}
            inputProps={{
              id: `${prefix}-unit`,
              name: "unit",
              defaultValue: fieldValue("unit"),
              required: true,
              maxLength: 20,
            }}
          />
        </div>
        <TextAreaField
          label={t("resources.fields.description")}
          errors={errors("description")}
          textareaProps={{
            id: descriptionId,
            name: "description",
            rows: 3,
            maxLength: 2000,
            defaultValue: fieldValue("description"),
          }}
        />
        <CheckboxField
          label={t("resources.fields.active")}
          inputProps={{ id: `${prefix}-active`, name: "active", defaultChecked: active }}
        />
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <Button type="submit" loading={navigation.state === "submitting"}>
            {resource ? t("resources.save") : t("resources.create")}
          </Button>
          <Link to={cancelHref} className={buttonClass("secondary")} preventScrollReset>
            {t("resources.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
