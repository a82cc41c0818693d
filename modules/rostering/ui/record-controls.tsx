import { ConfirmInPlaceForm, type ConfirmInPlaceFormProps } from "~/app/ui/confirm-in-place-form";
import { EditInPlace } from "~/app/ui/edit-in-place";
import { useRosteringText } from "./rostering-text";

/**
 * A rostering register record's own controls under its card: the link that opens its edit form in place
 * (?edit=) and its delete, asked in place with "I am sure". Each shows only to those who may use it.
 */
export function RecordControls({
  recordId,
  editLabel,
  canEdit,
  form,
  canDelete,
  remove,
}: {
  recordId: string;
  editLabel: string;
  canEdit: boolean;
  /** The edit form, given the address it posts to. */
  form: (action: string) => React.ReactNode;
  canDelete: boolean;
  remove: Omit<ConfirmInPlaceFormProps, "confirmLabel">;
}) {
  const { t } = useRosteringText();
  return (
    <>
      {canEdit ? (
        <EditInPlace recordId={recordId} label={editLabel}>
          {form}
        </EditInPlace>
      ) : null}
      {canDelete ? <ConfirmInPlaceForm {...remove} confirmLabel={t("rostering:confirmed")} /> : null}
    </>
  );
}
