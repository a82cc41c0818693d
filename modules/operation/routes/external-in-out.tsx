import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ExternalPageFrame } from "~/app/ui/external-page-frame";
import { FormAlert } from "~/app/ui/field";
import { externalRoute } from "~/server/permissions/guard.server";
import { gateAction, loadGatePage } from "../server/in-out-gate-page.server";
import { SignInFields } from "../ui/in-out-sign-in-fields";
import { clockTime, useInOutText } from "../ui/in-out-text";

export const handle = { i18n: ["operation", "common", "ui"] };

export const meta = () => [{ title: "Site sign-in | SiteProof" }, { name: "robots", content: "noindex" }];

/** The gate's QR page: `:id` is the gate link's id, the token in `?token=` (README "In/Out"). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  return loadGatePage(context, request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  return gateAction(context, request, params.id);
}

type GatePage =
  | { state: "invalid" | "expired" | "revoked" }
  | {
      state: "valid";
      action: string;
      projectName: string;
      timeZone: string;
      onSite: { name: string; company: string; since: string } | null;
      done: "in" | "out" | null;
      name: string;
    };

export default function ExternalInOutPage() {
  const loaded = useLoaderData() as GatePage;
  const result = (useActionData() ?? null) as SubmissionResult<string[]> | { state: string } | null;
  const closedNow = result && "state" in result && !("status" in result);
  const page = closedNow ? (result as GatePage) : loaded;
  const lastResult = closedNow ? null : (result as SubmissionResult<string[]> | null);
  const { t, locale, translate } = useInOutText();
  if (page.state !== "valid")
    return (
      <ExternalPageFrame>
        <div role="status" className="space-y-2 text-center">
          <h1 className="text-xl font-semibold text-slate-900">
            {t(`operation:inout.gatePage.${page.state}Title`)}
          </h1>
          <p className="text-sm text-slate-700">{t(`operation:inout.gatePage.${page.state}Message`)}</p>
        </div>
      </ExternalPageFrame>
    );
  return (
    <ExternalPageFrame>
      <div className="space-y-6">
        <header className="space-y-1">
          <h1 className="text-xl font-semibold text-slate-900">{t("operation:inout.gatePage.title")}</h1>
          <p className="text-sm text-slate-700">{page.projectName}</p>
        </header>
        {page.done ? (
          <p role="status" className="rounded border border-green-200 bg-green-50 p-3 text-sm text-green-800">
            {t(
              page.done === "in" ? "operation:inout.gatePage.signedIn" : "operation:inout.gatePage.signedOut",
              {
                name: page.name,
              },
            )}
          </p>
        ) : null}
        {page.onSite ? (
          <Form method="post" action={page.action} className="space-y-4">
            <input type="hidden" name="intent" value="sign-out" />
            <FormAlert
              errors={translate((lastResult?.error as Record<string, string[]> | undefined)?.[""] ?? null)}
            />
            <p className="text-sm text-slate-700">
              {t("operation:inout.gatePage.onSite", {
                name: page.onSite.name,
                company: page.onSite.company,
                time: clockTime(page.onSite.since, page.timeZone, locale),
              })}
            </p>
            <Button type="submit" size="lg">
              {t("operation:inout.signOut")}
            </Button>
          </Form>
        ) : (
          <Form method="post" action={page.action} className="space-y-4" key={page.done ?? "form"}>
            <input type="hidden" name="intent" value="sign-in" />
            <SignInFields lastResult={lastResult} />
            <Button type="submit" size="lg">
              {t("operation:inout.signIn")}
            </Button>
          </Form>
        )}
      </div>
    </ExternalPageFrame>
  );
}
