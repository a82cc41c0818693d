import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ExternalPageFrame } from "~/app/ui/external-page-frame";
import { FormAlert, TextField } from "~/app/ui/field";
import { formatCents, formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { currentOrigin } from "~/server/http/request-origin";
import { externalRoute } from "~/server/permissions/guard.server";
import { type SigningPage, signingPage, signThroughLink } from "../server/docket-signing.server";
import { useIntrayText } from "../ui/intray-text";

export const handle = { i18n: ["dockets", "common"] };

export const meta = () => [{ title: "Sign a docket | SiteProof" }, { name: "robots", content: "noindex" }];

/** The subcontractor's supervisor's page: the docket, their typed name and "I confirm these quantities". */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  return signingPage(context.em, params.token);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  const formData = await readForm(request);
  return signThroughLink(context.em, params.token, formData, currentOrigin()?.address ?? "unknown");
}

type Failed = { status: "error"; error: Record<string, string[]> };

export default function ExternalDocketSignPage() {
  const loaded = useLoaderData() as SigningPage;
  const result = (useActionData() ?? null) as SigningPage | Failed | null;
  const failed = result && "status" in result ? result : null;
  const page = result && !failed ? (result as SigningPage) : loaded;
  const { t, locale, translate } = useIntrayText();
  if (page.state === "signed")
    return (
      <ExternalPageFrame>
        <div role="status" className="space-y-2 text-center">
          <h1 className="text-xl font-semibold text-slate-900">{t("dockets:signing.page.signedTitle")}</h1>
          <p className="text-sm text-slate-700">
            {t("dockets:signing.page.signedMessage", { name: page.name })}
          </p>
        </div>
      </ExternalPageFrame>
    );
  if (page.state !== "valid")
    return (
      <ExternalPageFrame>
        <div role="status" className="space-y-2 text-center">
          <h1 className="text-xl font-semibold text-slate-900">
            {t(`dockets:signing.page.closed.${page.state}`)}
          </h1>
          <p className="text-sm text-slate-700">{t("dockets:signing.page.closedMessage")}</p>
        </div>
      </ExternalPageFrame>
    );
  const { docket } = page;
  const money = (cents: number) => formatCents(cents, { currency: locale === "vi" ? "VND" : "USD" });
  return (
    <ExternalPageFrame>
      <div className="space-y-5">
        <header className="space-y-1">
          <h1 className="text-xl font-semibold text-slate-900">
            {t("dockets:signing.page.title", { number: docket.number })}
          </h1>
          <p className="text-sm text-slate-700">{page.projectName}</p>
        </header>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-600">{t("dockets:signing.page.date")}</dt>
          <dd className="text-slate-900">{formatDate(docket.date, locale)}</dd>
          <dt className="text-slate-600">{t("dockets:signing.page.company")}</dt>
          <dd className="text-slate-900">{docket.company || "-"}</dd>
          {docket.task ? (
            <>
              <dt className="text-slate-600">{t("dockets:signing.page.task")}</dt>
              <dd className="text-slate-900">{docket.task}</dd>
            </>
          ) : null}
        </dl>
        <table className="w-full text-sm">
          <caption className="sr-only">{t("dockets:signing.page.items")}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t("dockets:signing.page.item")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                {t("dockets:signing.page.quantity")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("dockets:signing.page.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {docket.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items keep their order; codes may repeat
              <tr key={index} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-2 text-slate-900">
                  <span className="font-medium">{item.code}</span> {item.title}
                </td>
                <td className="py-1 pr-2 text-right whitespace-nowrap text-slate-900">
                  {item.quantity.replace(/\.?0+$/, "")} {item.unit}
                </td>
                <td className="py-1 text-right whitespace-nowrap text-slate-900">
                  {money(item.amountCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2} className="py-2 pr-2 text-right font-semibold text-slate-900">
                {t("dockets:signing.page.total")}
              </th>
              <td className="py-2 text-right font-semibold whitespace-nowrap text-slate-900">
                {money(docket.totalCents)}
              </td>
            </tr>
          </tfoot>
        </table>
        <Form method="post" action={page.action} className="space-y-4">
          <FormAlert errors={translate(failed?.error[""] ?? null)} />
          <TextField
            label={t("dockets:signing.page.name")}
            errors={translate(failed?.error.name ?? null)}
            inputProps={{ name: "name", type: "text", required: true, maxLength: 200, autoComplete: "name" }}
          />
          <div className="space-y-1">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="confirm"
                required
                className="mt-0.5 size-4 rounded border-slate-300"
              />
              {t("dockets:signing.page.confirm")}
            </label>
            {failed?.error.confirm ? (
              <p className="text-sm text-red-700">{translate(failed.error.confirm)?.join(" ")}</p>
            ) : null}
          </div>
          <Button type="submit" size="lg">
            {t("dockets:signing.page.sign")}
          </Button>
        </Form>
      </div>
    </ExternalPageFrame>
  );
}
