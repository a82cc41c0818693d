import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ExternalPageFrame } from "~/app/ui/external-page-frame";
import { FormAlert, TextField } from "~/app/ui/field";
import { SignaturePad } from "~/app/ui/signature-pad";
import { TALK_LIMITS } from "../server/talk-basics";
import { useTalkText } from "./talk-text";

/** The page's data: a closed link's state, or the form's address and the subject's record (`V`). */
export type SignOnPageData<V = unknown> =
  | { state: "invalid" | "expired" | "revoked" }
  | ({
      state: "valid";
      action: string;
      projectName: string;
      expiresAt: string;
      signed: string | null;
    } & V);

/** The sign-on routes' title; search engines keep out. */
export const signOnMeta = () => [{ title: "Sign on | SiteProof" }, { name: "robots", content: "noindex" }];

/** What the page says of the subject: its heading, the lines under it, the declaration and the thank-you. */
export type SignOnTexts = { title: string; lines: string[]; declaration: string; thanks: string };

/**
 * The page's data in a sign-on route: the loader's, or the action's when the link closed while the form was
 * open (it answers with its state); the form's refused submission, if any.
 */
export function useSignOnPage<V>() {
  const loaded = useLoaderData() as SignOnPageData<V>;
  const result = (useActionData() ?? null) as SubmissionResult<string[]> | { state: string } | null;
  const closedNow = result && "state" in result && !("status" in result);
  return {
    page: closedNow ? (result as SignOnPageData<V>) : loaded,
    lastResult: closedNow ? null : (result as SubmissionResult<string[]> | null),
  };
}

/**
 * A person's sign-on to a subject (a talk, a SWMS) through its QR link: the record's heading lines, then
 * name, company and a signature (drawn, or the name typed: the page works without JavaScript) under the
 * subject's declaration. A link that no longer works says why.
 */
export function SignOnPage({
  page,
  texts,
  lastResult,
}: {
  page: SignOnPageData;
  /** `null` for a closed link. */
  texts: SignOnTexts | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t, translate } = useTalkText();
  if (page.state !== "valid" || !texts)
    return (
      <ExternalPageFrame>
        <div role="status" className="space-y-2 text-center">
          <h1 className="text-xl font-semibold text-slate-900">
            {t(`safety:talk.signOnPage.${page.state}Title`)}
          </h1>
          <p className="text-sm text-slate-700">{t(`safety:talk.signOnPage.${page.state}Message`)}</p>
        </div>
      </ExternalPageFrame>
    );
  const errorsOf = (name: string) =>
    translate((lastResult?.error as Record<string, string[] | null> | undefined)?.[name] ?? null);
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  return (
    <ExternalPageFrame>
      <div className="space-y-6">
        <header className="space-y-1">
          <h1 className="text-xl font-semibold text-slate-900">{texts.title}</h1>
          {texts.lines.map((line, index) => (
            <p key={line} className={index === 0 ? "text-sm text-slate-700" : "text-xs text-slate-500"}>
              {line}
            </p>
          ))}
        </header>
        {page.signed ? (
          <p role="status" className="rounded border border-green-200 bg-green-50 p-3 text-sm text-green-800">
            {texts.thanks}
          </p>
        ) : null}
        <Form method="post" action={page.action} className="space-y-4" key={page.signed ?? "form"}>
          <FormAlert errors={translate(lastResult?.error?.[""] ?? null)} />
          <TextField
            label={`${t("safety:talk.signOnPage.name")} *`}
            errors={errorsOf("name")}
            inputProps={{
              name: "name",
              defaultValue: value("name"),
              required: true,
              maxLength: TALK_LIMITS.name,
              autoComplete: "name",
            }}
          />
          <TextField
            label={`${t("safety:talk.signOnPage.company")} *`}
            errors={errorsOf("company")}
            inputProps={{
              name: "company",
              defaultValue: value("company"),
              required: true,
              maxLength: TALK_LIMITS.company,
              autoComplete: "organization",
            }}
          />
          <SignaturePad
            label={`${t("safety:talk.signOnPage.signature")} *`}
            name="signature"
            errors={errorsOf("signatureTypedName") ?? errorsOf("signature")}
          />
          <p className="text-xs text-slate-500">{texts.declaration}</p>
          <Button type="submit">{t("safety:talk.signOnPage.submit")}</Button>
        </Form>
      </div>
    </ExternalPageFrame>
  );
}
