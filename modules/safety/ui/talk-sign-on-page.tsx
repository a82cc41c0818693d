import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { SignaturePad } from "~/app/ui/signature-pad";
import { formatDate } from "~/app/utils/format";
import type { TalkKind } from "../domain/talk-fields";
import { TALK_LIMITS } from "../server/talk-basics";
import { useTalkText } from "./talk-text";

export type SignOnPageData =
  | { state: "invalid" | "expired" | "revoked" }
  | {
      state: "valid";
      action: string;
      projectName: string;
      talk: {
        number: string;
        kind: TalkKind;
        title: string;
        heldOn: string | null;
        supervisor: string | null;
      };
      expiresAt: string;
      signed: string | null;
    };

/** The page outside the application shell: the attendee has no account. */
function SignOnFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="min-h-dvh bg-slate-100 px-4 py-8">
      <div className="mx-auto max-w-lg space-y-6">
        <p className="text-2xl font-bold tracking-tight text-brand-700">SiteProof</p>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>
      </div>
    </main>
  );
}

/**
 * An attendee's sign-on to a talk through its QR link: the talk, then name, company and a signature (drawn,
 * or the name typed: the page works without JavaScript). A link that no longer works says why.
 */
export function TalkSignOnPage({
  page,
  lastResult,
}: {
  page: SignOnPageData;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t, locale, translate } = useTalkText();
  if (page.state !== "valid")
    return (
      <SignOnFrame>
        <div role="status" className="space-y-2 text-center">
          <h1 className="text-xl font-semibold text-slate-900">
            {t(`safety:talk.signOnPage.${page.state}Title`)}
          </h1>
          <p className="text-sm text-slate-700">{t(`safety:talk.signOnPage.${page.state}Message`)}</p>
        </div>
      </SignOnFrame>
    );
  const errorsOf = (name: string) =>
    translate((lastResult?.error as Record<string, string[] | null> | undefined)?.[name] ?? null);
  const sent = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof sent[name] === "string" ? (sent[name] as string) : "");
  return (
    <SignOnFrame>
      <div className="space-y-6">
        <header className="space-y-1">
          <h1 className="text-xl font-semibold text-slate-900">
            {t("safety:talk.signOnPage.title", { kind: t(`safety:talk.kind.${page.talk.kind}`) })}
          </h1>
          <p className="text-sm text-slate-700">
            {page.talk.number} {page.talk.title}
          </p>
          <p className="text-xs text-slate-500">
            {[
              page.projectName,
              page.talk.heldOn ? formatDate(page.talk.heldOn, locale) : null,
              page.talk.supervisor
                ? t("safety:talk.signOnPage.supervisor", { name: page.talk.supervisor })
                : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </header>
        {page.signed ? (
          <p role="status" className="rounded border border-green-200 bg-green-50 p-3 text-sm text-green-800">
            {t("safety:talk.signOnPage.thanks", { name: page.signed })}
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
          <p className="text-xs text-slate-500">{t("safety:talk.signOnPage.declaration")}</p>
          <Button type="submit">{t("safety:talk.signOnPage.submit")}</Button>
        </Form>
      </div>
    </SignOnFrame>
  );
}
