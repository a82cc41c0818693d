import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { CheckboxField, FormAlert, TextAreaField } from "~/app/ui/field";
import { useHydrated } from "~/app/ui/use-hydrated";
import type { NcrAction } from "../domain/ncr-workflow";
import { NCR_INTENTS, NCR_LIMITS, ncrPath } from "../server/ncr-rules";
import { useNcrText } from "./ncr-view";

type Row = { action: NcrAction; confirm: boolean; requiresComment: boolean };
type Props = { ncr: { id: string; number: string }; row: Row };

function Hidden({ row, confirmed }: { row: Row; confirmed?: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={NCR_INTENTS.transition} />
      <input type="hidden" name="action" value={row.action} />
      {confirmed ? <input type="hidden" name="confirmed" value="true" /> : null}
    </>
  );
}

/** A step that needs a reason or, without JavaScript, the confirmation: a form that opens in place. */
function InlineAction({ ncr, row }: Props) {
  const { t } = useNcrText();
  return (
    <details>
      <summary className={buttonClass("secondary", "sm")}>{t(`quality:ncr.actions.${row.action}`)}</summary>
      <Form
        method="post"
        action={ncrPath(ncr.id)}
        className="mt-2 w-80 max-w-full space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <Hidden row={row} />
        {row.requiresComment ? (
          <TextAreaField
            label={`${t("quality:ncr.workflow.comment")} *`}
            textareaProps={{ name: "comment", required: true, maxLength: NCR_LIMITS.text, rows: 3 }}
          />
        ) : null}
        {row.confirm ? (
          <CheckboxField
            label={t(`quality:ncr.workflow.confirm.${row.action}`, { number: ncr.number })}
            inputProps={{ name: "confirmed", required: true }}
          />
        ) : null}
        <Button type="submit" size="sm">
          {t(`quality:ncr.actions.${row.action}`)}
        </Button>
      </Form>
    </details>
  );
}

function NcrStep({ ncr, row }: Props) {
  const { t } = useNcrText();
  const hydrated = useHydrated();
  const label = t(`quality:ncr.actions.${row.action}`);
  if (!row.confirm && !row.requiresComment)
    return (
      <Form method="post" action={ncrPath(ncr.id)}>
        <Hidden row={row} />
        <Button type="submit" size="sm" variant="secondary">
          {label}
        </Button>
      </Form>
    );
  if (row.confirm && !row.requiresComment && hydrated)
    return (
      <ConfirmDialog
        title={`${label} – ${ncr.number}`}
        description={t(`quality:ncr.workflow.confirm.${row.action}`, { number: ncr.number })}
        confirmLabel={label}
        submit={{
          action: ncrPath(ncr.id),
          fields: { intent: NCR_INTENTS.transition, action: row.action, confirmed: "true" },
        }}
        trigger={
          <Button size="sm" variant="secondary">
            {label}
          </Button>
        }
      />
    );
  return <InlineAction ncr={ncr} row={row} />;
}

/** The workflow steps this user may run now, and the last refusal (the close-out's missing parts). */
export function NcrWorkflowActions({ ncr, actions }: { ncr: Props["ncr"]; actions: Row[] }) {
  const { t, translate } = useNcrText();
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const refused =
    lastResult &&
    (lastResult.initialValue as Record<string, unknown> | undefined)?.intent === NCR_INTENTS.transition
      ? [...(lastResult.error?.[""] ?? [])]
      : [];
  if (actions.length === 0 && refused.length === 0) return null;
  return (
    <div className="space-y-2">
      <FormAlert errors={translate([...new Set(refused)])} />
      <fieldset className="flex flex-wrap items-start gap-2">
        <legend className="sr-only">{t("quality:ncr.workflow.label")}</legend>
        {actions.map((row) => (
          <NcrStep key={row.action} ncr={ncr} row={row} />
        ))}
      </fieldset>
    </div>
  );
}
