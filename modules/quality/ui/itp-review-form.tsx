import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { SignaturePad } from "~/app/ui/signature-pad";
import { ITP_LIMITS } from "../server/itp-rules";
import { useItpText } from "./itp-view";

type ReviewFormProps = {
  /** Quality decides between sending to the client, activating and rejecting; the client approves or rejects. */
  mode: "internal" | "external";
  lastResult?: SubmissionResult<string[]> | null;
  /** Extra hidden fields, e.g. the review link's token. */
  hidden?: Record<string, string>;
  /** How many days the client's link will stay open (the project's quality settings); Quality's form says it. */
  linkDays?: number;
};

/**
 * The reviewer's decision as a plain form: it works without JavaScript (the typed name is the signature,
 * the decision is the button pressed); with it, a drawn signature is added.
 */
export function ItpReviewForm({ mode, lastResult, hidden = {}, linkDays }: ReviewFormProps) {
  const { t } = useItpText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: `itp-review-${mode}`, lastResult, shouldValidate: "onSubmit" });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-5">
      <h2 className="text-lg font-semibold text-slate-900">{t("quality:itp.review.decisionTitle")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextAreaField
        label={t("quality:itp.review.comment")}
        hint={t("quality:itp.review.commentHint")}
        errors={fields.comment.errors}
        textareaProps={{ ...getTextareaProps(fields.comment), maxLength: ITP_LIMITS.comment, rows: 4 }}
      />
      <SignaturePad
        label={t("quality:itp.review.signatureLabel")}
        name="signature"
        typedName="reviewerName"
        defaultTypedName={
          typeof fields.reviewerName.initialValue === "string" ? fields.reviewerName.initialValue : undefined
        }
        errors={[...(fields.reviewerName.errors ?? []), ...(fields.signature.errors ?? [])]}
      />
      {mode === "internal" ? (
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            {t("quality:itp.review.clientTitle")}
          </legend>
          <p className="text-sm text-slate-600">{t("quality:itp.review.clientIntro", { days: linkDays })}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t("quality:itp.review.clientName")}
              errors={fields.clientName.errors}
              inputProps={{
                ...getInputProps(fields.clientName, { type: "text" }),
                maxLength: ITP_LIMITS.recipientName,
              }}
            />
            <TextField
              label={t("quality:itp.review.clientEmail")}
              errors={fields.clientEmail.errors}
              inputProps={getInputProps(fields.clientEmail, { type: "email" })}
            />
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {mode === "internal" ? (
          <>
            <Button type="submit" name="decision" value="send_external" disabled={busy}>
              {t("quality:itp.review.sendExternal")}
            </Button>
            <Button type="submit" name="decision" value="activate" variant="secondary" disabled={busy}>
              {t("quality:itp.review.activate")}
            </Button>
            <Button type="submit" name="decision" value="reject" variant="danger" disabled={busy}>
              {t("quality:itp.review.reject")}
            </Button>
          </>
        ) : (
          <>
            <Button type="submit" name="decision" value="approved" disabled={busy}>
              {t("quality:itp.review.approve")}
            </Button>
            <Button type="submit" name="decision" value="rejected" variant="danger" disabled={busy}>
              {t("quality:itp.review.reject")}
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
