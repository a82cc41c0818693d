import { ConfirmInPlaceForm, type ConfirmInPlaceFormProps } from "~/app/ui/confirm-in-place-form";
import { EditInPlace } from "~/app/ui/edit-in-place";
import { useRosteringText } from "./rostering-text";

/**
 * One record of a rostering register (a list item by default): what the page shows of it, then the link
 * that opens its edit form in place (?edit=) and its delete, asked in place with "I am sure". The edit and
 * delete show only to those who may use them. Other attributes (class, data-*) go on the element itself.
 */
export function RegisterRecord({
  as: Tag = "li",
  recordId,
  editLabel,
  canEdit,
  form,
  canDelete,
  remove,
  children,
  ...attributes
}: {
  as?: "li" | "div";
  recordId: string;
  editLabel: string;
  canEdit: boolean;
  /** The edit form, given the address it posts to. */
  form: (action: string) => React.ReactNode;
  canDelete: boolean;
  remove: Omit<ConfirmInPlaceFormProps, "confirmLabel">;
  children?: React.ReactNode;
} & React.HTMLAttributes<HTMLElement>) {
  const { t } = useRosteringText();
  return (
    <Tag {...attributes}>
      {children}
      {canEdit ? (
        <EditInPlace recordId={recordId} label={editLabel}>
          {form}
        </EditInPlace>
      ) : null}
      {canDelete ? <ConfirmInPlaceForm {...remove} confirmLabel={t("rostering:confirmed")} /> : null}
    </Tag>
  );
}
