import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { logError } from "~/server/http/log";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { registry } from "~/server/registry";
import { settingsErrorMap, translateReply } from "./form-errors.server";
import {
  resetSettings,
  type SettingsFormRef,
  type SettingsTarget,
  saveSettings,
  settingsEntityId,
  storedSettingsByForm,
} from "./settings.server";
import { describeSettingsForm, effectiveValues, formSchemaFor, type SettingsField } from "./settings-fields";
import { labelFromName } from "./settings-labels";

export type SettingsRights = { canSave: boolean; canReset: boolean };

export type SettingsCardField = SettingsField & { label: string; optionLabels?: Record<string, string> };

/** What the page needs to render one settings form. */
export type SettingsCard = {
  /** `moduleId.form`: the form's id on the page and in the action's answer. */
  key: string;
  moduleId: string;
  form: string;
  title: string;
  fields: SettingsCardField[];
  values: Record<string, string | number | boolean | null>;
  /** The values in force differ from the defaults, so there is something to reset. */
  customised: boolean;
} & SettingsRights;

/** The action's answer to a form that did not validate; only the form it names shows the errors. */
export type SettingsActionData = { formKey: string; result: SubmissionResult };

/**
 * Labels come from the module's own texts (`<moduleId>:settings.<form>.<field>`, options under
 * `<field>Options.<value>`, or `options.<value>` for the choices every field of the form shares); a module
 * that has none yet gets labels made from the names.
 */
async function labelledFields(locale: Locale, ref: SettingsFormRef): Promise<SettingsCardField[]> {
  const t = await serverT(locale, ref.moduleId);
  return describeSettingsForm(ref.schema).map((field) => ({
    ...field,
    label: t(`settings.${ref.form}.${field.name}`, { defaultValue: labelFromName(field.name) }) as string,
    ...(field.options
      ? {
          optionLabels: Object.fromEntries(
            field.options.map((option) => [
              option,
              t(
                [
                  `settings.${ref.form}.${field.name}Options.${option}`,
                  `settings.${ref.form}.options.${option}`,
                ],
                {
                  defaultValue: labelFromName(option),
                },
              ) as string,
            ]),
          ),
        }
      : {}),
  }));
}

async function moduleTitle(locale: Locale, moduleId: string): Promise<string> {
  const module = registry().modules.find((m) => m.id === moduleId);
  const t = await serverT(locale, moduleId);
  return t(module?.title ?? "title", { defaultValue: labelFromName(moduleId) }) as string;
}

/** The cards of a settings page: each form's fields, labels and the values in force. */
export async function settingsCards(
  em: EntityManager,
  locale: Locale,
  target: SettingsTarget,
  forms: SettingsFormRef[],
  rightsOf: (ref: SettingsFormRef) => SettingsRights,
): Promise<SettingsCard[]> {
  const stored = await storedSettingsByForm(em, target);
  return Promise.all(
    forms.map(async (ref) => {
      const key = settingsEntityId(ref);
      const values = effectiveValues(ref.schema, stored.get(key));
      const defaults = effectiveValues(ref.schema, null);
      const base = await moduleTitle(locale, ref.moduleId);
      const isStandardForm = ref.form === "notifications" || ref.form === "general";
      // A module may name a form (`<moduleId>:settings.<form>.formTitle`); else its name is the label.
      const formTitle = (await serverT(locale, ref.moduleId))(`settings.${ref.form}.formTitle`, {
        defaultValue: labelFromName(ref.form),
      }) as string;
      return {
        key,
        moduleId: ref.moduleId,
        form: ref.form,
        title: isStandardForm ? base : `${base} · ${formTitle}`,
        fields: await labelledFields(locale, ref),
        values: Object.fromEntries(
          Object.entries(values).map(([name, value]) => [
            name,
            (value ?? null) as string | number | boolean | null,
          ]),
        ),
        customised: Object.keys(ref.schema.shape).some(
          (name) => JSON.stringify(values[name]) !== JSON.stringify(defaults[name]),
        ),
        ...rightsOf(ref),
      };
    }),
  );
}

type SettingsActionOptions = {
  request: Request;
  formData: FormData;
  em: EntityManager;
  locale: Locale;
  actorId: string;
  target: SettingsTarget;
  /** The forms this page shows; a form not among them is not found. */
  forms: SettingsFormRef[];
  rightsOf: (ref: SettingsFormRef) => SettingsRights;
  /** Where to go back to, and the toast of a successful save. */
  redirectTo: (ref: SettingsFormRef) => string;
  savedMessage: (ref: SettingsFormRef) => string;
};

/** Saves (intent "save") or resets to defaults (intent "reset") the form named by moduleId and form. */
export async function settingsAction(options: SettingsActionOptions) {
  const { request, formData, em, locale, actorId, target, forms, rightsOf } = options;
  const ref = forms.find(
    (candidate) => candidate.moduleId === formData.get("moduleId") && candidate.form === formData.get("form"),
  );
  invariantResponse(ref, "Not Found", 404);
  const intent = formData.get("intent");
  const rights = rightsOf(ref);
  if (intent !== "save" && intent !== "reset") throw new Response("Bad Request", { status: 400 });
  if (intent === "save" ? !rights.canSave : !rights.canReset) {
    throw new Response("Forbidden", { status: 403 });
  }
  const redirectTo = options.redirectTo(ref);

  let message: string;
  try {
    if (intent === "reset") {
      await resetSettings(em, { target, ref, actorId });
      message = "settings:toast.reset";
    } else {
      const submission = parseWithZod(formData, {
        schema: formSchemaFor(ref.schema),
        error: settingsErrorMap,
      });
      // The module's own schema has the last word (object-level rules a form schema cannot see).
      const checked = submission.status === "success" ? ref.schema.safeParse(submission.value) : null;
      if (submission.status !== "success" || !checked?.success) {
        const reply =
          submission.status === "success"
            ? submission.reply({ formErrors: checked?.error?.issues.map((issue) => issue.message) ?? [] })
            : submission.reply();
        const result = await translateReply(locale, reply);
        return data({ formKey: settingsEntityId(ref), result } satisfies SettingsActionData, { status: 400 });
      }
      await saveSettings(em, { target, ref, actorId, values: checked.data });
      message = options.savedMessage(ref);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    logError(error, request);
    return redirectWithToast(redirectTo, { type: "error", message: "common:error.tryAgain" });
  }
  return redirectWithToast(redirectTo, { type: "success", message });
}
