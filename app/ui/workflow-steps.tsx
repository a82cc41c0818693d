import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { Dialog, DialogClose } from "./dialog";
import { useHydrated } from "./use-hydrated";
import {
  HiddenFields,
  InPlaceStep,
  PlainStep,
  ReasonField,
  type StepProps,
  StepsFieldset,
  type StepsProps,
  type WorkflowStepRow,
  type WorkflowStepTexts,
} from "./workflow-step-forms";

export type { WorkflowStepRow, WorkflowStepTexts } from "./workflow-step-forms";

type DialogStepProps<R extends WorkflowStepRow> = StepProps<R, WorkflowStepTexts<R>>;

/** With JavaScript, a step that needs a reason asks for it in a dialog, which is also its confirmation. */
function ReasonDialogStep<R extends WorkflowStepRow>({ to, intent, row, texts, danger }: DialogStepProps<R>) {
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

function WorkflowStep<R extends WorkflowStepRow>(props: DialogStepProps<R>) {
  const hydrated = useHydrated();
  const { to, intent, row, texts, danger } = props;
  if (!row.confirm && !row.requiresComment) return <PlainStep {...props} />;
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
export function WorkflowSteps<R extends WorkflowStepRow>(props: StepsProps<R, WorkflowStepTexts<R>>) {
  return <StepsFieldset {...props} step={WorkflowStep} />;
}
