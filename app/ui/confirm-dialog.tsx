import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./button";
import { cn } from "./cn";
import { dialogPanelClass, overlayClass } from "./dialog";

/** The form the confirm button submits: a POST to `action` (default: the current route) with these fields. */
export type ConfirmSubmit = {
  action?: string;
  method?: "post" | "put" | "patch" | "delete";
  fields?: Record<string, string>;
};

type ConfirmDialogProps = {
  trigger: React.ReactNode;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "default" | "danger";
  /** Called on confirm when the action is client-side. */
  onConfirm?: () => void;
  /** Posts a form on confirm, so the confirmed action goes to the server like any other submit. */
  submit?: ConfirmSubmit;
  /** Or submits an existing form on the page by its id. */
  formId?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** Asks before an action that is hard to undo. Focus starts on Cancel; Escape cancels. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = "default",
  onConfirm,
  submit,
  formId,
  open,
  onOpenChange,
}: ConfirmDialogProps) {
  const { t } = useTranslation("ui");
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  const confirmClass = buttonClass(tone === "danger" ? "danger" : "primary");
  const label = confirmLabel ?? t("confirm.confirm");
  // A submit button must not be Radix's Action: Action closes the dialog during the click, which can
  // unmount the form before the browser submits it. Close on the next task instead, once the submit is under way.
  const confirmButton =
    submit || formId ? (
      <button
        type="submit"
        form={formId}
        className={confirmClass}
        onClick={() => {
          onConfirm?.();
          setTimeout(() => setOpen(false), 0);
        }}
      >
        {label}
      </button>
    ) : (
      <AlertDialog.Action className={confirmClass} onClick={onConfirm}>
        {label}
      </AlertDialog.Action>
    );
  const buttons = (
    <div className="mt-6 flex flex-wrap justify-end gap-2">
      <AlertDialog.Cancel className={buttonClass("secondary")}>
        {cancelLabel ?? t("confirm.cancel")}
      </AlertDialog.Cancel>
      {confirmButton}
    </div>
  );
  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={cn(dialogPanelClass, "max-w-md")}>
          <AlertDialog.Title
            className={cn("text-lg font-semibold", tone === "danger" ? "text-red-700" : "text-slate-900")}
          >
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </AlertDialog.Description>
          {submit ? (
            <Form method={submit.method ?? "post"} action={submit.action}>
              {Object.entries(submit.fields ?? {}).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              {buttons}
            </Form>
          ) : (
            buttons
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
