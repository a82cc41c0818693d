import { Form } from "@remix-run/react";
import { Button, buttonClass } from "./button";
import { cn } from "./cn";
import { CheckboxField, FormAlert } from "./field";

/** The name of the "I am sure" box a destructive step posts; the server refuses the step without it. */
export const CONFIRMED_FIELD = "confirmed";

export type ConfirmInPlaceFormProps = {
  /** What the disclosure says before it opens ("Delete"). */
  summary: string;
  /** The disclosure's spoken name when the visible one is the same on every row ("Delete Site sheds"). */
  summaryLabel?: string;
  /** "button" for a row's action in a table or list of buttons; "text" for a red link-like line. */
  summaryLook?: "button" | "text";
  /** The page that takes the post (default: the current route). */
  action?: string;
  /** The value of the form's `intent` field that routes the post to the step. */
  intent: string;
  /** The record's hidden fields, by name (`{ id: row.id }`, `{ documentId: document.id }`). */
  fields?: Record<string, string>;
  /** A sentence that says what the step undoes, above the box. */
  warning?: string;
  /** The box's label ("I am sure"). */
  confirmLabel: string;
  /** The danger button's text. */
  submitLabel: string;
  /** The last refusal's messages, translated; the disclosure opens to show them. */
  errors?: readonly string[] | null;
  /** Classes of the disclosure itself (a bordered card on a detail page). */
  className?: string;
};

/**
 * A destructive step (delete, release, reset) asked in place: a disclosure that opens to a small form with an
 * "I am sure" box and a danger button. It works without JavaScript and with the keyboard (the summary is a
 * native toggle, the box a labelled checkbox), and the box is required so the browser asks before the server,
 * which refuses an unticked post anyway.
 */
export function ConfirmInPlaceForm({
  summary,
  summaryLabel,
  summaryLook = "text",
  action,
  intent,
  fields = {},
  warning,
  confirmLabel,
  submitLabel,
  errors,
  className,
}: ConfirmInPlaceFormProps) {
  const refused = Boolean(errors?.length);
  const asButton = summaryLook === "button";
  return (
    <details className={className} open={refused || undefined}>
      <summary
        className={asButton ? buttonClass("danger", "sm") : "cursor-pointer font-medium text-red-700"}
        aria-label={summaryLabel}
      >
        {summary}
      </summary>
      <Form
        method="post"
        action={action}
        className={cn(
          "mt-2 space-y-2",
          asButton && "w-64 max-w-[80vw] rounded-lg border border-slate-200 bg-white p-3",
        )}
      >
        <FormAlert errors={errors ? [...errors] : null} />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {warning ? <p className="text-slate-700">{warning}</p> : null}
        <CheckboxField label={confirmLabel} inputProps={{ name: CONFIRMED_FIELD, required: true }} />
        <Button type="submit" size="sm" variant="danger">
          {submitLabel}
        </Button>
      </Form>
    </details>
  );
}
