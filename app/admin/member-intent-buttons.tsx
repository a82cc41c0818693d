import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";

/** A one-button form posting an intent to the page's action; works without JavaScript. */
export function IntentButton({
  intent,
  label,
  variant = "secondary",
}: {
  intent: string;
  label: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} loading={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** A button that asks first, then posts the intent (removing a member, deactivating an account). */
export function ConfirmIntentButton({
  intent,
  label,
  title,
  description,
  tone = "danger",
}: {
  intent: string;
  label: string;
  title: string;
  description: string;
  tone?: "default" | "danger";
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant={tone === "danger" ? "danger" : "secondary"}>
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={label}
      tone={tone}
      submit={{ fields: { intent } }}
    />
  );
}
