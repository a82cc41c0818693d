import { Form } from "@remix-run/react";
import { Button } from "./button";
import { FormAlert } from "./field";
import { NativeSelect } from "./native-select";
import type { SelectOption } from "./select-options";

/**
 * Hands a record to another member: the browser's own select of the project's members and a button, posted
 * to the record's page with its intent — with or without JavaScript. The page passes its words, translated,
 * and the last refusal of this form (usePostErrors of the intent).
 */
export function ReassignForm({
  to,
  intent,
  members,
  current,
  label,
  submit,
  errors,
}: {
  to: string;
  intent: string;
  members: SelectOption[];
  current: string | null;
  label: string;
  submit: string;
  errors?: string[] | null;
}) {
  return (
    <Form method="post" action={to} className="flex flex-wrap items-end gap-2">
      <div className="w-full empty:hidden">
        <FormAlert errors={errors} />
      </div>
      <input type="hidden" name="intent" value={intent} />
      <NativeSelect
        className="min-w-0 flex-1"
        label={label}
        name="assigneeId"
        options={members}
        defaultValue={current ?? ""}
      />
      <Button type="submit" size="sm" variant="secondary">
        {submit}
      </Button>
    </Form>
  );
}
