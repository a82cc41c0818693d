import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/app/ui/button";
import { Dialog, DialogClose } from "~/app/ui/dialog";
import { useHydrated } from "~/app/ui/use-hydrated";

/**
 * The diary's modals (Notes, Issues, Photo and Videos): with JavaScript a Radix dialog opened by its button;
 * without, the same form in place behind a disclosure (as WorkflowSteps does), posting the same fields.
 */
export function DiaryModalForm({
  id,
  title,
  trigger,
  submit,
  action,
  encType,
  children,
  openWithErrors,
}: {
  id: string;
  title: string;
  trigger: string;
  submit: string;
  action: string;
  encType?: "multipart/form-data";
  children: React.ReactNode;
  /** The last post of this form was refused: open it again with its messages. */
  openWithErrors?: boolean;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation("ui");
  const [open, setOpen] = useState(Boolean(openWithErrors));
  const formId = `${id}-form`;
  // Sent: the dialog closes and the page shows the result; refused, it opens again with its messages.
  useEffect(() => {
    if (openWithErrors) setOpen(true);
  }, [openWithErrors]);
  const form = (
    <Form
      id={formId}
      method="post"
      action={action}
      encType={encType}
      className="space-y-3"
      onSubmit={() => setOpen(false)}
    >
      {children}
      {hydrated ? null : (
        <Button type="submit" size="sm">
          {submit}
        </Button>
      )}
    </Form>
  );
  if (!hydrated)
    return (
      <details className="group" open={openWithErrors}>
        <summary className={buttonClass("secondary", "sm")}>{trigger}</summary>
        <div className="mt-2 max-w-lg rounded-lg border border-slate-200 bg-white p-3">{form}</div>
      </details>
    );
  return (
    <Dialog
      title={title}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="secondary">
          {trigger}
        </Button>
      }
      footer={
        <>
          <DialogClose className={buttonClass("secondary")}>{t("confirm.cancel")}</DialogClose>
          <Button type="submit" form={formId}>
            {submit}
          </Button>
        </>
      }
    >
      {form}
    </Dialog>
  );
}
