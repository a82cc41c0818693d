import {
  type FieldMetadata,
  type FormMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import { FormIntentButton } from "~/app/ui/button";
import { controlClass } from "~/app/ui/control-class";
import { CheckboxField, FieldMessages, fieldDescription, TextAreaField, TextField } from "~/app/ui/field";
import { INSPECTION_POINT_CODES } from "../domain/inspection-points";
import { ITP_HEADER_FIELDS, ITP_LIMITS } from "../server/itp-rules";
import { useItpText } from "./itp-view";

type TextFields = Record<string, FieldMetadata<string | null | undefined>>;

const LONG_HEADER_FIELDS = new Set(["description", "specification", "drawings"]);

/** The ITP header fields (spec 3), for the blank-create and edit forms. */
export function ItpHeaderFields({ fields }: { fields: TextFields }) {
  const { t } = useItpText();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {ITP_HEADER_FIELDS.map((name) => {
        const field = fields[name];
        const label = `${t(`quality:itp.fields.${name}`)}${name === "title" ? " *" : ""}`;
        const maxLength = ITP_LIMITS[name];
        return LONG_HEADER_FIELDS.has(name) ? (
          <TextAreaField
            key={name}
            className="md:col-span-2"
            label={label}
            errors={field.errors}
            textareaProps={{ ...getTextareaProps(field), maxLength, rows: name === "description" ? 4 : 2 }}
          />
        ) : (
          <TextField
            key={name}
            label={label}
            errors={field.errors}
            inputProps={{ ...getInputProps(field, { type: "text" }), maxLength }}
          />
        );
      })}
    </div>
  );
}

type ItemFields = {
  id: string;
  activity: string;
  inspectionPoint: string;
  acceptanceCriteria: string;
  verifyingDocument: string;
  references: string;
  method: string;
  frequency: string;
  inspectionKey: string;
  subcontractorSignature: string;
  clientSignature: string;
  otherSignatureRole: string;
};

/**
 * The items of a draft as editable rows. Add, remove and move are conform list intents: submit buttons
 * the server answers without JavaScript (one change a submit), handled in the page with it.
 */
export function ItpItemsEditor({
  form,
  items,
}: {
  form: FormMetadata<any>;
  items: FieldMetadata<ItemFields[] | undefined>;
}) {
  const { t } = useItpText();
  const rows = items.getFieldList();
  return (
    <div className="space-y-4">
      {items.errors?.length ? <FieldMessages errors={items.errors} errorId={items.errorId} /> : null}
      {rows.length === 0 ? <p className="text-sm text-slate-600">{t("quality:itp.items.none")}</p> : null}
      <ol className="space-y-4">
        {rows.map((row, index) => {
          const item = row.getFieldset();
          const position = index + 1;
          return (
            <li key={row.key} className="rounded-lg border border-slate-200 bg-white p-4">
              <fieldset className="space-y-4">
                <legend className="sr-only">{t("quality:itp.edit.item", { position })}</legend>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p aria-hidden className="text-sm font-semibold text-slate-900">
                    {t("quality:itp.edit.item", { position })}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <FormIntentButton
                      variant="ghost"
                      size="sm"
                      disabled={index === 0}
                      aria-label={t("quality:itp.edit.moveUp", { position })}
                      {...form.reorder.getButtonProps({ name: items.name, from: index, to: index - 1 })}
                    >
                      ↑
                    </FormIntentButton>
                    <FormIntentButton
                      variant="ghost"
                      size="sm"
                      disabled={index === rows.length - 1}
                      aria-label={t("quality:itp.edit.moveDown", { position })}
                      {...form.reorder.getButtonProps({ name: items.name, from: index, to: index + 1 })}
                    >
                      ↓
                    </FormIntentButton>
                    <FormIntentButton
                      variant="ghost"
                      size="sm"
                      className="text-red-700"
                      {...form.remove.getButtonProps({ name: items.name, index })}
                    >
                      {t("quality:itp.edit.removeItem", { position })}
                    </FormIntentButton>
                  </div>
                </div>
                <input {...getInputProps(item.id, { type: "hidden" })} />
                <div className="grid gap-4 md:grid-cols-3">
                  <TextAreaField
                    className="md:col-span-2"
                    label={`${t("quality:itp.items.activity")} *`}
                    errors={item.activity.errors}
                    textareaProps={{
                      ...getTextareaProps(item.activity),
                      rows: 2,
                      maxLength: ITP_LIMITS.activity,
                    }}
                  />
                  <InspectionPointSelect field={item.inspectionPoint} />
                  <TextAreaField
                    className="md:col-span-3"
                    label={t("quality:itp.items.acceptanceCriteria")}
                    errors={item.acceptanceCriteria.errors}
                    textareaProps={{ ...getTextareaProps(item.acceptanceCriteria), rows: 2 }}
                  />
                  {(["verifyingDocument", "references", "method", "frequency", "inspectionKey"] as const).map(
                    (name) => (
                      <TextField
                        key={name}
                        label={t(`quality:itp.items.${name}`)}
                        errors={item[name].errors}
                        inputProps={{
                          ...getInputProps(item[name], { type: "text" }),
                          maxLength: ITP_LIMITS[name],
                        }}
                      />
                    ),
                  )}
                  <TextField
                    label={t("quality:itp.items.otherSignatureRole")}
                    errors={item.otherSignatureRole.errors}
                    inputProps={{
                      ...getInputProps(item.otherSignatureRole, { type: "text" }),
                      maxLength: ITP_LIMITS.otherSignatureRole,
                    }}
                  />
                </div>
                <div className="flex flex-wrap gap-6">
                  <CheckboxField
                    label={t("quality:itp.items.subcontractorSignature")}
                    inputProps={getInputProps(item.subcontractorSignature, { type: "checkbox" })}
                  />
                  <CheckboxField
                    label={t("quality:itp.items.clientSignature")}
                    inputProps={getInputProps(item.clientSignature, { type: "checkbox" })}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FormIntentButton variant="secondary" {...form.insert.getButtonProps({ name: items.name })}>
        {t("quality:itp.edit.addItem")}
      </FormIntentButton>
    </div>
  );
}

/** A native select: many rows of Radix listboxes would be heavy, and this one works the same without JavaScript. */
function InspectionPointSelect({ field }: { field: FieldMetadata<string> }) {
  const { t } = useItpText();
  const { errorId, describedBy } = fieldDescription(field.id, field.errors);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {t("quality:itp.items.inspectionPoint")} *
      </label>
      <select
        {...getSelectProps(field)}
        aria-describedby={describedBy}
        aria-invalid={errorId ? true : undefined}
        className={controlClass(Boolean(errorId))}
      >
        <option value="">{t("quality:itp.edit.choosePoint")}</option>
        {INSPECTION_POINT_CODES.map((kind) => (
          <option key={kind} value={kind}>
            {kind} — {t(`quality:itp.inspectionPoints.${kind}`)}
          </option>
        ))}
      </select>
      <FieldMessages errors={field.errors} errorId={errorId} />
    </div>
  );
}
