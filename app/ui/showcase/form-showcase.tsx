import { Form, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isEmailAddress } from "~/app/utils/email";
import { Button } from "../button";
import { Combobox } from "../combobox";
import { DateField } from "../date-field";
import { FileDrop } from "../file-drop";
import { DIARY_AUDIT_UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from "../file-size";
import { FilterPanel } from "../filter-panel";
import { SearchBox } from "../search-box";
import { Select, type SelectOption } from "../select";
import { SignaturePad } from "../signature-pad";
import { TagsInput } from "../tags-input";
import { Example, ShowcaseSection } from "./showcase-section";

/** Spec 5: at most 100 emails per invitation. */
const MAX_INVITE_EMAILS = 100;
const STATUS_VALUES = ["open", "conformed", "closed"] as const;
const MEMBER_NAMES = ["Alex Nguyen", "Bao Tran", "Chloe Smith", "Dinh Pham", "Emma Wilson", "Finn O'Brien"];

export function FormShowcase({ posted }: { posted?: [string, string][] | null }) {
  const { t } = useTranslation(["storybook", "common", "ui"]);
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "form-demo";
  const statusOptions: SelectOption[] = STATUS_VALUES.map((value) => ({
    value,
    label: t(`form.status.${value}`),
  }));
  const memberOptions: SelectOption[] = MEMBER_NAMES.map((label, index) => ({
    value: `member-${index + 1}`,
    label,
    disabled: index === 4,
  }));
  const required = [t("common:validation.required")];

  return (
    <ShowcaseSection id="forms" title={t("sections.forms")}>
      <Example title={t("form.title")} wide>
        <Form method="post" encType="multipart/form-data" className="grid gap-6 md:grid-cols-2">
          <input type="hidden" name="intent" value="form-demo" />
          <div className="space-y-4">
            <Select
              name="status"
              label={t("form.statusLabel")}
              options={statusOptions}
              placeholder={t("form.choose")}
            />
            <Select
              name="statusDisabled"
              label={t("form.disabledLabel")}
              options={statusOptions}
              defaultValue="closed"
              disabled
            />
            <Select
              name="statusError"
              label={t("form.errorLabel")}
              options={statusOptions}
              placeholder={t("form.choose")}
              errors={required}
            />
          </div>
          <div className="space-y-4">
            <Combobox
              name="assignee"
              label={t("form.assigneeLabel")}
              options={memberOptions}
              placeholder={t("form.chooseMember")}
              hint={t("form.assigneeHint")}
            />
            <Combobox
              name="assigneeDisabled"
              label={t("form.disabledLabel")}
              options={memberOptions}
              disabled
            />
            <Combobox
              name="assigneeError"
              label={t("form.errorLabel")}
              options={memberOptions}
              errors={required}
            />
          </div>
          <div className="space-y-4">
            <DateField
              label={t("form.diaryDate")}
              inputProps={{ name: "diaryDate", defaultValue: "2025-03-07" }}
            />
            <DateField
              label={t("form.disabledLabel")}
              inputProps={{ name: "dateDisabled", disabled: true }}
            />
            <DateField label={t("form.errorLabel")} inputProps={{ name: "dateError" }} errors={required} />
          </div>
          <div className="space-y-4">
            <TagsInput
              name="emails"
              label={t("form.inviteLabel")}
              max={MAX_INVITE_EMAILS}
              validate={isEmailAddress}
              defaultValue={["site.engineer@example.com", "not-an-email"]}
              placeholder={t("form.invitePlaceholder")}
              hint={t("form.inviteHint")}
            />
            <TagsInput name="labels" label={t("form.labelsLabel")} hint={t("form.labelsHint")} />
          </div>
          <SignaturePad name="signature" label={t("form.signatureLabel")} />
          <div className="space-y-4">
            <FileDrop
              name="attachments"
              label={t("form.attachments")}
              maxBytes={UPLOAD_LIMIT_BYTES}
              multiple
            />
            <FileDrop
              name="diaryPhotos"
              label={t("form.diaryPhotos")}
              maxBytes={DIARY_AUDIT_UPLOAD_LIMIT_BYTES}
              accept="image/*,video/*"
              multiple
            />
          </div>
          <div className="flex items-center gap-3 md:col-span-2">
            <Button type="submit" loading={submitting}>
              {t("form.submit")}
            </Button>
            <span className="text-xs text-slate-500">{t("form.submitNote")}</span>
          </div>
        </Form>
        {posted ? (
          <div role="status" className="rounded-md border border-slate-200 bg-slate-50 p-3">
            <p className="text-sm font-medium">{t("form.posted")}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-xs">
              {posted.map(([name, value], index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: repeated fields (emails) share a name; order is the identity
                <div key={`${name}-${index}`} className="contents">
                  <dt className="font-mono text-slate-500">{name}</dt>
                  <dd className="break-all font-mono">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : null}
      </Example>

      <Example title={t("filterDemo.title")}>
        <SearchBox placeholder={t("filterDemo.searchPlaceholder")} />
        <FilterPanel fields={["status"]} title={t("filterDemo.panel")}>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t("form.statusLabel")}</legend>
            {statusOptions.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="status"
                  value={option.value}
                  defaultChecked={searchParams.getAll("status").includes(option.value)}
                  className="size-4"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        </FilterPanel>
        <p className="text-xs text-slate-500">{t("filterDemo.note")}</p>
      </Example>
    </ShowcaseSection>
  );
}
