import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { FormAlert } from "~/app/ui/field";
import { StatusBadge } from "~/app/ui/status-badge";
import { SettingsFieldInput, type SettingsFieldView } from "./settings-field";

export type SettingsCardView = {
  key: string;
  moduleId: string;
  form: string;
  title: string;
  fields: SettingsFieldView[];
  values: Record<string, string | number | boolean | null>;
  customised: boolean;
  canSave: boolean;
  canReset: boolean;
};

/** What the action answered for this form when it did not validate (conform's reply, translated). */
export type SettingsFormResult = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
};

/** The value a field shows: what the user submitted when the form came back, else the value in force. */
function shownValue(card: SettingsCardView, field: SettingsFieldView, result?: SettingsFormResult) {
  if (!result?.initialValue) return card.values[field.name];
  const submitted = result.initialValue[field.name];
  if (field.kind === "boolean") return submitted === "on";
  return typeof submitted === "string" ? submitted : undefined;
}

/** One module's settings form, generated from its schema: save, and reset to the defaults. */
export function SettingsFormCard({ card, result }: { card: SettingsCardView; result?: SettingsFormResult }) {
  const { t } = useTranslation("settings");
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("moduleId") === card.moduleId &&
    navigation.formData?.get("form") === card.form;
  const headingId = `${card.key}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-white p-6 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-medium text-slate-900">
          {card.title}
        </h2>
        <StatusBadge tone={card.customised ? "info" : "neutral"}>
          {card.customised ? t("form.customised") : t("form.defaults")}
        </StatusBadge>
      </div>
      {card.canSave ? null : <p className="mt-1 text-sm text-slate-600">{t("form.readOnly")}</p>}
      {/* Re-mounted when the values in force change (after a save or a reset) so the inputs show them. */}
      <Form key={JSON.stringify(card.values)} method="post" className="mt-4 space-y-4">
        <input type="hidden" name="moduleId" value={card.moduleId} />
        <input type="hidden" name="form" value={card.form} />
        <FormAlert errors={result?.error?.[""]} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{card.title}</legend>
          {card.fields.map((field) => (
            <SettingsFieldInput
              key={field.name}
              formKey={card.key}
              field={field}
              value={shownValue(card, field, result)}
              errors={result?.error?.[field.name]}
              readOnly={!card.canSave}
            />
          ))}
        </fieldset>
        {card.canSave || (card.canReset && card.customised) ? (
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
            {card.canSave ? (
              <Button type="submit" name="intent" value="save" loading={saving}>
                {t("form.save")}
              </Button>
            ) : null}
            {card.canReset && card.customised ? (
              <ConfirmDialog
                trigger={<Button variant="secondary">{t("form.reset")}</Button>}
                title={t("form.resetTitle")}
                description={t("form.resetDescription", { title: card.title })}
                confirmLabel={t("form.reset")}
                tone="danger"
                submit={{ fields: { intent: "reset", moduleId: card.moduleId, form: card.form } }}
              />
            ) : null}
          </div>
        ) : null}
      </Form>
    </section>
  );
}
