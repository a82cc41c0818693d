import { Form, Link } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { useHydrated } from "~/app/ui/use-hydrated";
import { formatDate } from "~/app/utils/format";
import {
  LOT_DATE_FIELDS,
  LOT_FIELD_SECTIONS,
  LOT_INTENTS,
  LOT_LIMITS,
  type LotFieldSection,
  lotPath,
} from "../server/lot-rules";
import type { LotDetail } from "../server/lots.server";
import { useIntentResult } from "./lot-intent-result";
import { useLotMessages } from "./lot-messages";
import { LotStatusBadges } from "./lot-status-badges";

const DATE_FIELDS: ReadonlySet<string> = new Set(LOT_DATE_FIELDS);

export function LotSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** Every field of the lot, grouped as on the form; a dash for what is empty. */
export function LotFieldsView({ values }: { values: LotDetail["values"] }) {
  const { t, locale } = useLotMessages();
  const shown = (name: string, value: string | number | null) => {
    if (value === null || value === "") return "-";
    if (DATE_FIELDS.has(name)) return formatDate(String(value), locale);
    return String(value);
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {(Object.keys(LOT_FIELD_SECTIONS) as LotFieldSection[]).map((section) => (
        <LotSection key={section} title={t(`quality:lot.sections.${section}`)}>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
            {LOT_FIELD_SECTIONS[section].map((name) => (
              <div key={name} className="contents">
                <dt className="font-medium text-slate-600">{t(`quality:lot.fields.${name}`)}</dt>
                <dd className="whitespace-pre-line break-words text-slate-900">
                  {shown(name, values[name])}
                </dd>
              </div>
            ))}
          </dl>
        </LotSection>
      ))}
    </div>
  );
}

/** A remove button that asks first; without JavaScript the form posts directly (the button says what it does). */
function RemoveButton({
  lotId,
  intent,
  id,
  label,
  title,
  description,
}: {
  lotId: string;
  intent: string;
  id: string;
  label: string;
  title: string;
  description: string;
}) {
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <Form method="post" action={lotPath(lotId)}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" size="sm" variant="ghost" aria-label={title}>
          {label}
        </Button>
      </Form>
    );
  return (
    <ConfirmDialog
      tone="danger"
      title={title}
      description={description}
      confirmLabel={label}
      submit={{ action: lotPath(lotId), fields: { intent, id } }}
      trigger={
        <Button size="sm" variant="ghost">
          {label}
        </Button>
      }
    />
  );
}

export function LotEquipmentSection({
  lotId,
  equipment,
  canEdit,
}: {
  lotId: string;
  equipment: LotDetail["equipment"];
  canEdit: boolean;
}) {
  const { t, translate } = useLotMessages();
  const result = useIntentResult(LOT_INTENTS.equipmentAdd);
  return (
    <LotSection title={t("quality:lot.equipment.title")}>
      {equipment.length === 0 ? (
        <p className="text-sm text-slate-600">{t("quality:lot.equipment.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {equipment.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.name}</p>
                {item.description ? (
                  <p className="whitespace-pre-line text-slate-600">{item.description}</p>
                ) : null}
              </div>
              {canEdit ? (
                <RemoveButton
                  lotId={lotId}
                  intent={LOT_INTENTS.equipmentRemove}
                  id={item.id}
                  label={t("quality:lot.equipment.remove")}
                  title={t("quality:lot.equipment.removeTitle", { name: item.name })}
                  description={t("quality:lot.equipment.removeDescription")}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <Form key={result.key} method="post" action={lotPath(lotId)} className="space-y-3 border-t pt-3">
          <input type="hidden" name="intent" value={LOT_INTENTS.equipmentAdd} />
          <FormAlert errors={translate(result.formErrors)} />
          <TextField
            label={`${t("quality:lot.equipment.name")} *`}
            errors={translate(result.errorsOf("name"))}
            inputProps={{
              name: "name",
              required: true,
              maxLength: LOT_LIMITS.equipmentName,
              defaultValue: result.valueOf("name"),
            }}
          />
          <TextAreaField
            label={t("quality:lot.equipment.description")}
            errors={translate(result.errorsOf("description"))}
            textareaProps={{
              name: "description",
              rows: 2,
              maxLength: LOT_LIMITS.note,
              defaultValue: result.valueOf("description"),
            }}
          />
          <Button type="submit" size="sm">
            {t("quality:lot.equipment.add")}
          </Button>
        </Form>
      ) : null}
    </LotSection>
  );
}

export function LotRelationsSection({
  lotId,
  relations,
  relatable,
  canEdit,
}: {
  lotId: string;
  relations: LotDetail["relations"];
  relatable: { number: string; title: string }[];
  canEdit: boolean;
}) {
  const { t, translate } = useLotMessages();
  const result = useIntentResult(LOT_INTENTS.relationAdd);
  const listId = `${lotId}-relatable`;
  return (
    <LotSection title={t("quality:lot.relations.title")}>
      {relations.length === 0 ? (
        <p className="text-sm text-slate-600">{t("quality:lot.relations.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {relations.map((relation) => (
            <li key={relation.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <div className="min-w-0 space-x-2">
                <Link to={lotPath(relation.lotId)} className="font-medium text-brand-700 hover:underline">
                  {relation.number}
                </Link>
                <span className="text-slate-800">{relation.title}</span>
                <LotStatusBadges status={relation.status} subStatus={relation.subStatus} />
              </div>
              {canEdit ? (
                <RemoveButton
                  lotId={lotId}
                  intent={LOT_INTENTS.relationRemove}
                  id={relation.id}
                  label={t("quality:lot.relations.remove")}
                  title={t("quality:lot.relations.removeTitle", { number: relation.number })}
                  description={t("quality:lot.relations.removeDescription")}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <Form
          key={result.key}
          method="post"
          action={lotPath(lotId)}
          className="flex flex-wrap items-start gap-2 border-t pt-3"
        >
          <input type="hidden" name="intent" value={LOT_INTENTS.relationAdd} />
          <TextField
            className="min-w-48 flex-1"
            label={t("quality:lot.relations.lotNumber")}
            hint={t("quality:lot.relations.hint")}
            errors={translate([...(result.errorsOf("relatedNumber") ?? []), ...(result.formErrors ?? [])])}
            inputProps={{
              name: "relatedNumber",
              required: true,
              maxLength: 20,
              list: listId,
              autoComplete: "off",
              defaultValue: result.valueOf("relatedNumber"),
            }}
          />
          {/* Suggestions while typing; the server finds the lot by number either way. */}
          <datalist id={listId}>
            {relatable.map((lot) => (
              <option key={lot.number} value={lot.number}>
                {lot.title}
              </option>
            ))}
          </datalist>
          <Button type="submit" size="sm" className="mt-6">
            {t("quality:lot.relations.add")}
          </Button>
        </Form>
      ) : null}
    </LotSection>
  );
}
