import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { isLotEditable, lotPath } from "../server/lot-rules";
import {
  lotById,
  lotFormChoices,
  lotFormDefaults,
  placeOf,
  refuseLockedLot,
  updateLot,
} from "../server/lots.server";
import { LotForm } from "../ui/lot-form";
import { useLotMessages } from "../ui/lot-messages";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.lot.number ?? "Lot"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  const lot = await lotById(em, project.id, params.id);
  if (!isLotEditable(lot)) throw await refuseLockedLot(lot);
  return {
    lot: { id: lot.id, number: lot.number },
    values: lotFormDefaults(lot),
    choices: await lotFormChoices(em, project.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const lot = await lotById(context.em, context.project.id, params.id);
  return updateLot(placeOf(context), lot, await readForm(request));
}

export default function EditLotPage() {
  const { lot, values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useLotMessages();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("quality:lot.form.editTitle", { number: lot.number })}
      </h1>
      <LotForm
        id="lot-edit"
        choices={choices}
        defaultValue={values}
        lastResult={lastResult}
        submitLabel={t("quality:lot.form.save")}
        cancelTo={lotPath(lot.id)}
      />
    </div>
  );
}
