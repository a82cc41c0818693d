import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { Dialog, DialogClose } from "./dialog";
import { CheckboxField, FormAlert, TextAreaField } from "./field";
import { useHydrated } from "./use-hydrated";

/** A transition row as the screen needs it: its action, and whether it asks for a reason or an "I am sure". */
export type WorkflowStepRow = { action: string; confirm?: boolean; requiresComment?: boolean };

/** The words of one module's steps, already translated: the page passes its own namespace's texts. */
export type WorkflowStepTexts<R extends WorkflowStepRow> = {
  /** The fieldset's name for screen readers ("Workflow"). */
  legend: string;
  /** A step's button. */
  label(row: R): string;
  /** The reason field of a step that requires one (a table with no such step needs none). */
  reason?: { label: string; hint?: string; maxLength: number };
  /** The "I am sure" box of a confirm-step, shown when there is no dialog to ask (no JavaScript). */
  confirmBox(row: R): string;
  /** The dialog that asks, with JavaScript: what happens, to which record. */
  dialog(row: R): { title: string; description: string };
};

type StepsProps<R extends WorkflowStepRow> = {
  /** The record's page, which takes the post. */
  to: string;
  /** The value of the form's `intent` field that routes the post to the step. */
  intent: string;
  rows: readonly R[];
  texts: WorkflowStepTexts<R>;
  /** The last refused step's messages, translated (usePostErrors of the step's intent). */
  refusals?: readonly string[] | null;
  /** Steps shown in red (delete, cancel, withdraw). */
  isDanger?(row: R): boolean;
};

function HiddenFields({
  intent,
  action,
  confirmed,
}: {
  intent: string;
  action: string;
  confirmed?: boolean;
}) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="action" value={action} />
      {confirmed ? <input type="hidden" name="confirmed" value="true" /> : null}
    </>
  );
}

function ReasonField<R extends WorkflowStepRow>({ texts }: { texts: WorkflowStepTexts<R> }) {
  if (!texts.reason) throw new Error("A step asks for a reason: its page must give the reason field's texts");
  return (
    <TextAreaField
      label={`${texts.reason.label} *`}
      hint={texts.reason.hint}
      textareaProps={{ name: "comment", required: true, maxLength: texts.reason.maxLength, rows: 3 }}
    />
  );
}

type StepProps<R extends WorkflowStepRow> = Omit<StepsProps<R>, "rows" | "refusals" | "isDanger"> & {
  row: R;
  danger: boolean;
};

/** Without JavaScript: the step's form opens in place (a disclosure) with its reason and its "I am sure" box. */
function InPlaceStep<R extends WorkflowStepRow>({ to, intent, row, texts, danger }: StepProps<R>) {
  return (
    <details className="group">
      <summary className={buttonClass(danger ? "danger" : "secondary", "sm")}>{texts.label(row)}</summary>
      <Form
        method="post"
        action={to}
        className="mt-2 w-80 max-w-full space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <HiddenFields intent={intent} action={row.action} />
        {row.requiresComment ? <ReasonField texts={texts} /> : null}
        {row.confirm ? (
          <CheckboxField label={texts.confirmBox(row)} inputProps={{ name: "confirmed", required: true }} />
        ) : null}
        <Button type="submit" size="sm" variant={danger ? "danger" : "primary"}>
          {texts.label(row)}
        </Button>
      </Form>
    </details>
  );
}

/** With JavaScript, a step that needs a reason asks for it in a dialog, which is also its confirmation. */
function ReasonDialogStep<R extends WorkflowStepRow>({ to, intent, row, texts, danger }: StepProps<R>) {
  const { t } = useTranslation("ui");
  const formId = `workflow-step-${row.action}`;
  const { title, description } = texts.dialog(row);
  const variant = danger ? "danger" : "primary";
  return (
    <Dialog
      title={title}
      description={description}
      trigger={
        <Button size="sm" variant={danger ? "danger" : "secondary"}>
          {texts.label(row)}
        </Button>
      }
      footer={
        <>
          <DialogClose className={buttonClass("secondary")}>{t("confirm.cancel")}</DialogClose>
          <Button type="submit" form={formId} variant={variant}>
            {texts.label(row)}
          </Button>
        </>
      }
    >
      <Form id={formId} method="post" action={to}>
        <HiddenFields intent={intent} action={row.action} confirmed={row.confirm} />
        <ReasonField texts={texts} />
      </Form>
    </Dialog>
  );
}

function WorkflowStep<R extends WorkflowStepRow>(props: StepProps<R>) {
  const hydrated = useHydrated();
  const { to, intent, row, texts, danger } = props;
  if (!row.confirm && !row.requiresComment)
    return (
      <Form method="post" action={to}>
        <HiddenFields intent={intent} action={row.action} />
        <Button type="submit" size="sm" variant={danger ? "danger" : "secondary"}>
          {texts.label(row)}
        </Button>
      </Form>
    );
  if (!hydrated) return <InPlaceStep {...props} />;
  if (row.requiresComment) return <ReasonDialogStep {...props} />;
  const { title, description } = texts.dialog(row);
  return (
    <ConfirmDialog
      tone={danger ? "danger" : "default"}
      title={title}
      description={description}
      confirmLabel={texts.label(row)}
      submit={{ action: to, fields: { intent, action: row.action, confirmed: "true" } }}
      trigger={
        <Button size="sm" variant={danger ? "danger" : "secondary"}>
          {texts.label(row)}
        </Button>
      }
    />
  );
}

/**
 * The buttons of the workflow rows this user may run now on one record, and the last refusal. Every module's
 * record page shows its steps with this: a plain step is one button; a step that needs a reason or an "I am
 * sure" asks in a dialog with JavaScript and opens in place without it — the server insists on both either way.
 */
export function WorkflowSteps<R extends WorkflowStepRow>({
  to,
  intent,
  rows,
  texts,
  refusals,
  isDanger,
}: StepsProps<R>) {
  const errors = refusals ? [...refusals] : [];
  if (rows.length === 0 && errors.length === 0) return null;
  return (
    <div className="space-y-2">
      <FormAlert errors={errors} />
      <fieldset className="flex flex-wrap items-start gap-2">
        <legend className="sr-only">{texts.legend}</legend>
        {rows.map((row) => (
          <WorkflowStep
            key={row.action}
            to={to}
            intent={intent}
            row={row}
            texts={texts}
            danger={isDanger?.(row) ?? false}
          />
        ))}
      </fieldset>
    </div>
  );
}
