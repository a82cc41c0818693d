import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { LOT_PATH } from "../server/lot-rules";
import { createLot, lotFormChoices, newLotDefaults, placeOf } from "../server/lots.server";
import { LotForm } from "../ui/lot-form";
import { useLotMessages } from "../ui/lot-messages";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction = () => [{ title: "Create Lot | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { choices: await lotFormChoices(em, project.id), defaults: newLotDefaults() };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createLot(placeOf(context), await readForm(request));
}

export default function CreateLotPage() {
  const { choices, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useLotMessages();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("quality:lot.form.createTitle")}</h1>
      <LotForm
        id="lot-create"
        choices={choices}
        defaultValue={defaults}
        lastResult={lastResult}
        submitLabel={t("quality:lot.form.create")}
        cancelTo={LOT_PATH}
      />
    </div>
  );
}
