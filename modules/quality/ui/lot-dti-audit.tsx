import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { CheckboxField, FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { SignaturePad } from "~/app/ui/signature-pad";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { LOT_INTENTS, LOT_LIMITS, lotPath } from "../server/lot-rules";
import type { LotDetail } from "../server/lots.server";
import { LotSection } from "./lot-detail-sections";
import { useIntentResult } from "./lot-intent-result";
import { useLotMessages } from "./lot-messages";

/** Spec 3's DTI lot audit: shown to everyone, saved (and so signed) by holders of lot-dti-sign. */
export function LotDtiAuditSection({
  lotId,
  dti,
  canSign,
}: {
  lotId: string;
  dti: LotDetail["dti"];
  canSign: boolean;
}) {
  const { t, translate, locale } = useLotMessages();
  const result = useIntentResult(LOT_INTENTS.dtiSave);
  const value = (field: string, stored: string | null | undefined) => result.valueOf(field) ?? stored ?? "";
  return (
    <LotSection title={t("quality:lot.dti.title")}>
      {dti ? (
        <div className="space-y-2 text-sm">
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
            <dt className="font-medium text-slate-600">{t("quality:lot.dti.auditorName")}</dt>
            <dd>{dti.auditorName}</dd>
            <dt className="font-medium text-slate-600">{t("quality:lot.dti.auditedOn")}</dt>
            <dd>{formatDate(dti.auditedOn, locale)}</dd>
            <dt className="font-medium text-slate-600">{t("quality:lot.dti.processCompleted")}</dt>
            <dd>{dti.processCompleted ? t("quality:lot.dti.yes") : t("quality:lot.dti.no")}</dd>
            <dt className="font-medium text-slate-600">{t("quality:lot.dti.reason")}</dt>
            <dd className="whitespace-pre-line">{dti.reason ?? "-"}</dd>
            <dt className="font-medium text-slate-600">{t("quality:lot.dti.comments")}</dt>
            <dd className="whitespace-pre-line">{dti.comments ?? "-"}</dd>
          </dl>
          {dti.signature ? (
            <img
              src={dti.signature}
              alt={t("quality:lot.dti.signature")}
              className="h-20 rounded border border-slate-200 bg-white"
            />
          ) : (
            <p className="font-serif italic text-slate-700">
              {dti.auditorName}{" "}
              <span className="not-italic text-slate-500">({t("quality:lot.dti.typedSignature")})</span>
            </p>
          )}
          {dti.signedAt ? (
            <p className="text-slate-600">
              {t("quality:lot.dti.signedBy", {
                name: dti.signedByName ?? t("quality:lot.activity.unknownActor"),
                date: formatDateTime(dti.signedAt, locale),
              })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("quality:lot.dti.notAudited")}</p>
      )}
      {canSign ? (
        <Form key={result.key} method="post" action={lotPath(lotId)} className="space-y-3 border-t pt-3">
          <input type="hidden" name="intent" value={LOT_INTENTS.dtiSave} />
          <FormAlert errors={translate(result.formErrors)} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={`${t("quality:lot.dti.auditorName")} *`}
              errors={translate(result.errorsOf("auditorName"))}
              inputProps={{
                name: "auditorName",
                required: true,
                maxLength: LOT_LIMITS.auditorName,
                defaultValue: value("auditorName", dti?.auditorName),
              }}
            />
            <DateField
              label={`${t("quality:lot.dti.auditedOn")} *`}
              errors={translate(result.errorsOf("auditedOn"))}
              inputProps={{
                name: "auditedOn",
                required: true,
                defaultValue: value("auditedOn", dti?.auditedOn),
              }}
            />
          </div>
          <CheckboxField
            label={t("quality:lot.dti.processCompleted")}
            inputProps={{
              name: "processCompleted",
              defaultChecked: result.valueOf("processCompleted")
                ? result.valueOf("processCompleted") === "on"
                : (dti?.processCompleted ?? false),
            }}
          />
          <TextAreaField
            label={t("quality:lot.dti.reason")}
            errors={translate(result.errorsOf("reason"))}
            textareaProps={{
              name: "reason",
              rows: 2,
              maxLength: LOT_LIMITS.note,
              defaultValue: value("reason", dti?.reason),
            }}
          />
          <TextAreaField
            label={t("quality:lot.dti.comments")}
            errors={translate(result.errorsOf("comments"))}
            textareaProps={{
              name: "comments",
              rows: 2,
              maxLength: LOT_LIMITS.note,
              defaultValue: value("comments", dti?.comments),
            }}
          />
          <SignaturePad
            label={t("quality:lot.dti.signature")}
            name="signature"
            errors={translate(result.errorsOf("signature"))}
          />
          <Button type="submit" size="sm">
            {t("quality:lot.dti.save")}
          </Button>
        </Form>
      ) : null}
    </LotSection>
  );
}
