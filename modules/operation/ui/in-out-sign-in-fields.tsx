import type { SubmissionResult } from "@conform-to/react";
import { CheckboxField, ErrorList, FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { IN_OUT_KINDS, IN_OUT_LIMITS } from "../domain/in-out";
import { useInOutText } from "./in-out-text";

/**
 * Who signs in: name, company, role or trade, worker or visitor, and the induction tick. The same fields on
 * the In/Out page and on the gate's QR page; the server's refusal (its messages) shows under each field.
 */
export function SignInFields({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t, translate } = useInOutText();
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  const field = (name: string) => t(`operation:inout.fields.${name}`);
  return (
    <div className="space-y-4">
      <FormAlert errors={translate(errors[""] ?? null)} />
      <TextField
        label={`${field("name")} *`}
        errors={translate(errors.name ?? null)}
        inputProps={{
          name: "name",
          defaultValue: value("name"),
          required: true,
          maxLength: IN_OUT_LIMITS.name,
          autoComplete: "name",
        }}
      />
      <TextField
        label={`${field("company")} *`}
        errors={translate(errors.company ?? null)}
        inputProps={{
          name: "company",
          defaultValue: value("company"),
          required: true,
          maxLength: IN_OUT_LIMITS.company,
          autoComplete: "organization",
        }}
      />
      <TextField
        label={field("role")}
        errors={translate(errors.role ?? null)}
        inputProps={{ name: "role", defaultValue: value("role"), maxLength: IN_OUT_LIMITS.role }}
      />
      <NativeSelect
        label={`${field("kind")} *`}
        name="kind"
        required
        defaultValue={value("kind") || "worker"}
        errors={translate(errors.kind ?? null)}
        options={IN_OUT_KINDS.map((kind) => ({ value: kind, label: t(`operation:inout.kind.${kind}`) }))}
      />
      <div>
        <CheckboxField
          label={field("inducted")}
          inputProps={{ name: "inducted", defaultChecked: sent.inducted === "on" }}
        />
        <ErrorList errors={translate(errors.inducted ?? null)} />
        <p className="mt-1 text-xs text-slate-500">{t("operation:inout.inductionRule")}</p>
      </div>
    </div>
  );
}
