import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { useHydrated } from "~/app/ui/use-hydrated";

type ConfirmedPostProps = {
  label: string;
  title: string;
  description: string;
  fields: Record<string, string>;
  action?: string;
  disabled?: boolean;
};

/**
 * A destructive post that asks first: the design system's dialog once scripts run; before that (or
 * without JavaScript) a disclosure that shows the question and the confirming button.
 */
export function ConfirmedPost({ label, title, description, fields, action, disabled }: ConfirmedPostProps) {
  const hydrated = useHydrated();
  if (hydrated)
    return (
      <ConfirmDialog
        tone="danger"
        trigger={
          <Button variant="secondary" size="sm" disabled={disabled}>
            {label}
          </Button>
        }
        title={title}
        description={description}
        confirmLabel={label}
        submit={{ action, fields }}
      />
    );
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-red-700">{label}</summary>
      <div className="mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3">
        <p className="font-medium text-red-800">{title}</p>
        <p className="text-slate-700">{description}</p>
        <Form method="post" action={action}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="danger" size="sm" disabled={disabled}>
            {label}
          </Button>
        </Form>
      </div>
    </details>
  );
}
