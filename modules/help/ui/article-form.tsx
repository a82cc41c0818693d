import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { NativeSelect } from "~/app/ui/native-select";
import { HELP_SECTIONS } from "../domain/help-sections";
import { HELP_LIMITS, SCREENSHOT_EXTENSIONS } from "../server/help-basics";
import { useHelpText } from "./help-text";

export type ArticleFormDefaults = {
  section: string;
  position: string;
  titleEn: string;
  bodyEn: string;
  titleVi: string;
  bodyVi: string;
  titleAu: string;
  bodyAu: string;
};

const LANGUAGES = [
  { code: "En", legend: "help:form.english", required: true },
  { code: "Vi", legend: "help:form.vietnamese", required: false },
  { code: "Au", legend: "help:form.australian", required: false },
] as const;

/**
 * A help article's form: its section and order, its title and text in English (required), Vietnamese and
 * Australian English (optional), and screenshots. One multipart post, checked on the server (the messages
 * come back in the user's language); it works without JavaScript.
 */
export function ArticleForm({
  mode,
  lastResult,
  defaultValue,
  screenshots = [],
  cancelTo,
}: {
  mode: "create" | "edit";
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<ArticleFormDefaults>;
  screenshots?: { id: string; fileName: string }[];
  cancelTo: string;
}) {
  const { t, translate } = useHelpText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `help-article-${mode}`, lastResult, defaultValue });
  const screenshotErrors = (lastResult?.error as Record<string, string[]> | undefined)?.screenshots;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="space-y-6"
    >
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <NativeSelect
          label={`${t("help:form.section")} *`}
          name={fields.section.name}
          placeholder={t("help:form.chooseSection")}
          defaultValue={fields.section.initialValue as string | undefined}
          options={HELP_SECTIONS.map((section) => ({ value: section, label: t(`help:sections.${section}`) }))}
          required
          errors={translate(fields.section.errors)}
        />
        <TextField
          label={t("help:form.position")}
          hint={t("help:form.positionHint")}
          errors={translate(fields.position.errors)}
          inputProps={{
            ...getInputProps(fields.position, { type: "text" }),
            inputMode: "numeric",
            maxLength: 4,
          }}
        />
      </div>
      {LANGUAGES.map(({ code, legend, required }) => {
        const title = fields[`title${code}`];
        const body = fields[`body${code}`];
        return (
          <fieldset key={code} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 font-medium">{t(legend)}</legend>
            {required ? null : <p className="text-sm text-slate-600">{t("help:form.languageHint")}</p>}
            <TextField
              label={`${t("help:form.title")}${required ? " *" : ""}`}
              errors={translate(title.errors)}
              inputProps={{
                ...getInputProps(title, { type: "text" }),
                maxLength: HELP_LIMITS.title,
                required,
              }}
            />
            <TextAreaField
              label={`${t("help:form.body")}${required ? " *" : ""}`}
              hint={t("help:form.bodyHint")}
              errors={translate(body.errors)}
              textareaProps={{ ...getTextareaProps(body), maxLength: HELP_LIMITS.body, rows: 8, required }}
            />
          </fieldset>
        );
      })}
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        {screenshots.length ? (
          <fieldset className="space-y-2">
            <legend className="font-medium">{t("help:form.currentScreenshots")}</legend>
            {screenshots.map((shot) => (
              <CheckboxField
                key={shot.id}
                label={t("help:form.remove", { fileName: shot.fileName })}
                inputProps={{ name: "removeScreenshot", value: shot.id }}
              />
            ))}
          </fieldset>
        ) : null}
        <FileDrop
          label={t("help:form.screenshots")}
          name="screenshots"
          accept={SCREENSHOT_EXTENSIONS.map((extension) => `.${extension}`).join(",")}
          maxBytes={HELP_LIMITS.screenshotBytes}
          multiple
          hint={t("help:form.screenshotsHint")}
          errors={translate(screenshotErrors)}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("help:form.cancel")}
        </Link>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t(mode === "create" ? "help:form.create" : "help:form.save")}
        </Button>
      </div>
    </Form>
  );
}
