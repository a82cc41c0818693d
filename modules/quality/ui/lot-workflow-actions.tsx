import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { Dialog, DialogClose } from "~/app/ui/dialog";
import { CheckboxField, FormAlert, TextAreaField } from "~/app/ui/field";
import { useHydrated } from "~/app/ui/use-hydrated";
import type { LotFrame, LotFrameAction } from "../server/lot-frame.server";
import { LOT_INTENTS, LOT_LIMITS, lotPath } from "../server/lot-rules";
import { useLotMessages } from "./lot-messages";

type ActionProps = { lot: LotFrame; row: LotFrameAction };

const isDanger = (row: LotFrameAction) => row.action === "delete" || row.action === "cancel";

function HiddenFields({ row, confirmed }: { row: LotFrameAction; confirmed?: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={LOT_INTENTS.transition} />
      <input type="hidden" name="action" value={row.action} />
      {confirmed ? <input type="hidden" name="confirmed" value="true" /> : null}
    </>
  );
}

/** The reason and, without a dialog to ask, the confirmation the server insists on. */
function TransitionFields({ row, withConfirmBox }: { row: LotFrameAction; withConfirmBox: boolean }) {
  const { t } = useLotMessages();
  return (
    <div className="space-y-3">
      {row.requiresComment ? (
        <TextAreaField
          label={`${t("quality:lot.workflow.comment")} *`}
          hint={t("quality:lot.workflow.commentDescription")}
          textareaProps={{ name: "comment", required: true, maxLength: LOT_LIMITS.note, rows: 3 }}
        />
      ) : null}
      {withConfirmBox ? (
        <CheckboxField
          label={t("quality:lot.workflow.confirmed")}
          inputProps={{ name: "confirmed", required: true }}
        />
      ) : null}
    </div>
  );
}

function dialogTexts(t: ReturnType<typeof useLotMessages>["t"], lot: LotFrame, row: LotFrameAction) {
  if (row.action === "delete")
    return {
      title: t("quality:lot.workflow.deleteTitle", { number: lot.number }),
      description: t("quality:lot.workflow.deleteDescription"),
    };
  if (row.action === "cancel")
    return {
      title: t("quality:lot.workflow.cancelTitle", { number: lot.number }),
      description: t("quality:lot.workflow.cancelDescription"),
    };
  return {
    title: `${t(row.labelKey)} – ${lot.number}`,
    description: t("quality:lot.workflow.commentDescription"),
  };
}

/** Without JavaScript: the form opens in place (a disclosure), with the reason and the confirm box. */
function InlineAction({ lot, row }: ActionProps) {
  const { t } = useLotMessages();
  return (
    <details className="group">
      <summary className={buttonClass(isDanger(row) ? "danger" : "secondary", "sm")}>
        {t(row.labelKey)}
      </summary>
      <Form
        method="post"
        action={lotPath(lot.id)}
        className="mt-2 w-80 max-w-full space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <HiddenFields row={row} />
        <TransitionFields row={row} withConfirmBox={row.confirm} />
        <Button type="submit" size="sm" variant={isDanger(row) ? "danger" : "primary"}>
          {t("quality:lot.workflow.send")}
        </Button>
      </Form>
    </details>
  );
}

function CommentDialogAction({ lot, row }: ActionProps) {
  const { t } = useLotMessages();
  const texts = dialogTexts(t, lot, row);
  const formId = `lot-action-${row.action}`;
  return (
    <Dialog
      title={texts.title}
      description={texts.description}
      trigger={
        <Button size="sm" variant={isDanger(row) ? "danger" : "secondary"}>
          {t(row.labelKey)}
        </Button>
      }
      footer={
        <>
          <DialogClose className={buttonClass("secondary")}>{t("quality:lot.workflow.back")}</DialogClose>
          <Button type="submit" form={formId} variant={isDanger(row) ? "danger" : "primary"}>
            {t(row.labelKey)}
          </Button>
        </>
      }
    >
      <Form id={formId} method="post" action={lotPath(lot.id)}>
        {/* The dialog is the confirmation: it names the lot and what happens. */}
        <HiddenFields row={row} confirmed={row.confirm} />
        <TransitionFields row={row} withConfirmBox={false} />
      </Form>
    </Dialog>
  );
}

function WorkflowAction({ lot, row }: ActionProps) {
  const { t } = useLotMessages();
  const hydrated = useHydrated();
  if (!row.confirm && !row.requiresComment)
    return (
      <Form method="post" action={lotPath(lot.id)}>
        <HiddenFields row={row} />
        <Button type="submit" size="sm" variant="secondary">
          {t(row.labelKey)}
        </Button>
      </Form>
    );
  if (!hydrated) return <InlineAction lot={lot} row={row} />;
  if (row.requiresComment) return <CommentDialogAction lot={lot} row={row} />;
  const texts = dialogTexts(t, lot, row);
  return (
    <ConfirmDialog
      tone={isDanger(row) ? "danger" : "default"}
      title={texts.title}
      description={texts.description}
      confirmLabel={t(row.labelKey)}
      submit={{
        action: lotPath(lot.id),
        fields: { intent: LOT_INTENTS.transition, action: row.action, confirmed: "true" },
      }}
      trigger={
        <Button size="sm" variant={isDanger(row) ? "danger" : "secondary"}>
          {t(row.labelKey)}
        </Button>
      }
    />
  );
}

/** The buttons of the workflow table's rows this user may run now, and the last refusal, if any. */
export function LotWorkflowActions({ lot }: { lot: LotFrame }) {
  const { t, translate } = useLotMessages();
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const refused =
    lastResult &&
    (lastResult.initialValue as Record<string, unknown> | undefined)?.intent === LOT_INTENTS.transition
      ? [
          ...(lastResult.error?.[""] ?? []),
          ...(lastResult.error?.comment ?? []),
          ...(lastResult.error?.confirmed ?? []),
        ]
      : [];
  if (lot.actions.length === 0 && refused.length === 0) return null;
  return (
    <div className="space-y-2">
      <FormAlert errors={translate([...new Set(refused)])} />
      <fieldset className="flex flex-wrap items-start gap-2">
        <legend className="sr-only">{t("quality:lot.workflow.label")}</legend>
        {lot.actions.map((row) => (
          <WorkflowAction key={row.action} lot={lot} row={row} />
        ))}
      </fieldset>
    </div>
  );
}
