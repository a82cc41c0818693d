import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { Dialog, DialogClose } from "~/app/ui/dialog";
import { CheckboxField, ErrorList } from "~/app/ui/field";
import { useHydrated } from "~/app/ui/use-hydrated";

type RoleFullAccessProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** False when the role already has full access: only choosing it needs a confirmation. */
  confirmationNeeded: boolean;
  /** The confirmation was given (the dialog with JavaScript, the checkbox without). */
  confirmed: boolean;
  onConfirmed: (confirmed: boolean) => void;
  errors?: string[];
};

/**
 * Spec 5: choosing full access asks for confirmation. With JavaScript a dialog asks; without it a
 * second checkbox does, and the server refuses full access that was not confirmed.
 */
export function RoleFullAccess({
  checked,
  onChange,
  confirmationNeeded,
  confirmed,
  onConfirmed,
  errors,
}: RoleFullAccessProps) {
  const { t } = useTranslation("roles");
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const choose = (next: boolean) => {
    if (next && confirmationNeeded && hydrated) {
      setAsking(true);
      return;
    }
    // Choosing it again later asks again.
    if (!next) onConfirmed(false);
    onChange(next);
  };
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <CheckboxField
        label={t("form.fullAccess")}
        inputProps={{
          name: "fullAccess",
          checked,
          onChange: (event) => choose(event.target.checked),
          "aria-describedby": "full-access-hint",
        }}
      />
      <p id="full-access-hint" className="mt-1 pl-6 text-xs text-slate-500">
        {t("form.fullAccessHint")}
      </p>
      {confirmationNeeded && !hydrated ? (
        <div className="mt-3 pl-6">
          <CheckboxField
            label={t("form.confirmFullAccess")}
            inputProps={{
              name: "confirmFullAccess",
              checked: confirmed,
              onChange: (event) => onConfirmed(event.target.checked),
            }}
          />
        </div>
      ) : null}
      {confirmationNeeded && hydrated && confirmed ? (
        <input type="hidden" name="confirmFullAccess" value="on" />
      ) : null}
      <div className="pl-6">
        <ErrorList id="confirm-full-access-error" errors={errors} />
      </div>
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={t("fullAccessDialog.title")}
        description={t("fullAccessDialog.description")}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t("form.cancel")}</Button>
            </DialogClose>
            <Button
              onClick={() => {
                onConfirmed(true);
                onChange(true);
                setAsking(false);
              }}
            >
              {t("fullAccessDialog.confirm")}
            </Button>
          </>
        }
      />
    </div>
  );
}
