import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { placeOf } from "../server/lots.server";
import { NCR_PATH, ncrRaiseSchema } from "../server/ncr-rules";
import { raiseFormChoices, raiseNcr, today } from "../server/ncrs.server";
import { NcrForm, NcrRaiseHead, useNcrText } from "../ui/ncr-view";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction = () => [{ title: "Raise NCR | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  // Today by the server's clock, as the action checks the date against it.
  return { ...(await raiseFormChoices(em, project.id, new URL(request.url))), today: today() };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return raiseNcr(placeOf(context), grantedKeysOf(context), await readForm(request));
}

export default function RaiseNcrPage() {
  const { lot, itpItems, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useNcrText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("quality:ncr.form.raiseTitle")}</h1>
      <NcrForm
        id="ncr-raise"
        schema={ncrRaiseSchema}
        head={(fields) => <NcrRaiseHead fields={fields} lot={lot} />}
        sections={["nonconformity", "control"]}
        itpItems={lot ? itpItems : null}
        defaultValue={{ type: lot ? "product" : undefined, lotNumber: lot?.number, raisedOn: today }}
        lastResult={lastResult}
        submitLabel={t("quality:ncr.form.raise")}
        cancelTo={lot ? `/quality/lot/${lot.id}` : NCR_PATH}
      />
    </div>
  );
}
