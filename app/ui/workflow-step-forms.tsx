import { Form } from "@remix-run/react";
import { Button, buttonClass } from "./button";
import { CheckboxField, FormAlert, TextAreaField } from "./field";

// The steps as plain forms, with no dialog: light enough for any page, and what a step looks like without
// JavaScript. WorkflowSteps (workflow-steps.tsx) adds the dialogs once the page is hydrated.

/** A transition row as the screen needs it: its action, and whether it asks for a reason or an "I am sure". */
export type WorkflowStepRow = { action: string; confirm?: boolean; requiresComment?: boolean };

/** The words of one module's steps as plain forms, already translated: the page passes its own namespace's texts. */
export type WorkflowStepFormTexts<R extends WorkflowStepRow> = {
  /** The fieldset's name for screen readers ("Workflow"). */
  legend: string;
  /** A step's button. */
  label(row: R): string;
  /** The reason field of a step that requires one (a table with no such step needs none). */
  reason?: { label: string; hint?: string; maxLength: number };
  /** The "I am sure" box of a confirm-step, shown when there is no dialog to ask (no JavaScript). */
  confirmBox(row: R): string;
};

/** The words of WorkflowSteps, which asks in a dialog with JavaScript. */
export type WorkflowStepTexts<R extends WorkflowStepRow> = WorkflowStepFormTexts<R> & {
  /** The dialog that asks: what happens, to which record. */
  dialog(row: R): { title: string; description: string };
};

export type StepsProps<
  R extends WorkflowStepRow,
  T extends WorkflowStepFormTexts<R> = WorkflowStepFormTexts<R>,
> = {
  /** The record's page, which takes the post. */
  to: string;
  /** The value of the form's `intent` field that routes the post to the step. */
  intent: string;
  rows: readonly R[];
  texts: T;
  /** The last refused step's messages, translated (usePostErrors of the step's intent). */
  refusals?: readonly string[] | null;
  /** Steps shown in red (delete, cancel, withdraw). */
  isDanger?(row: R): boolean;
};

export function HiddenFields({
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

export function ReasonField<R extends WorkflowStepRow>({ texts }: { texts: WorkflowStepFormTexts<R> }) {
  if (!texts.reason) throw new Error("A step asks for a reason: its page must give the reason field's texts");
  return (
    <TextAreaField
      label={`${texts.reason.label} *`}
      hint={texts.reason.hint}
      textareaProps={{ name: "comment", required: true, maxLength: texts.reason.maxLength, rows: 3 }}
    />
  );
}

export type StepProps<
  R extends WorkflowStepRow,
  T extends WorkflowStepFormTexts<R> = WorkflowStepFormTexts<R>,
> = Omit<StepsProps<R, T>, "rows" | "refusals" | "isDanger"> & {
  row: R;
  danger: boolean;
};

/** Without JavaScript: the step's form opens in place (a disclosure) with its reason and its "I am sure" box. */
export function InPlaceStep<R extends WorkflowStepRow>({ to, intent, row, texts, danger }: StepProps<R>) {
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

/** A step with neither a reason nor an "I am sure": one button. */
export function PlainStep<R extends WorkflowStepRow>({ to, intent, row, texts, danger }: StepProps<R>) {
  return (
    <Form method="post" action={to}>
      <HiddenFields intent={intent} action={row.action} />
      <Button type="submit" size="sm" variant={danger ? "danger" : "secondary"}>
        {texts.label(row)}
      </Button>
    </Form>
  );
}

/** The steps' frame: the last refusal, then one control per row (rendered by `step`). */
export function StepsFieldset<R extends WorkflowStepRow, T extends WorkflowStepFormTexts<R>>({
  to,
  intent,
  rows,
  texts,
  refusals,
  isDanger,
  step: Step,
}: StepsProps<R, T> & { step: (props: StepProps<R, T>) => React.ReactNode }) {
  const errors = refusals ? [...refusals] : [];
  if (rows.length === 0 && errors.length === 0) return null;
  return (
    <div className="space-y-2">
      <FormAlert errors={errors} />
      <fieldset className="flex flex-wrap items-start gap-2">
        <legend className="sr-only">{texts.legend}</legend>
        {rows.map((row) => (
          <Step
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

const stepForm = <R extends WorkflowStepRow>(props: StepProps<R>) =>
  props.row.confirm || props.row.requiresComment ? <InPlaceStep {...props} /> : <PlainStep {...props} />;

/**
 * The workflow steps as plain forms: a step that needs a reason or an "I am sure" opens in place with its
 * fields. For pages held to a tight JavaScript budget (the docket page, the head contract's pages), where the
 * dialogs of WorkflowSteps would cost more than they give.
 */
export function WorkflowStepForms<R extends WorkflowStepRow>(props: StepsProps<R>) {
  return <StepsFieldset {...props} step={stepForm} />;
}
