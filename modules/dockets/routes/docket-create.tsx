import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { zonedDay } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { DOCKETS_PATH } from "../server/docket-basics";
import { createDocket, docketFormChoices } from "../server/dockets.server";
import { DocketForm, type DocketFormValues } from "../ui/docket-form";
import { useDocketText } from "../ui/docket-text";

export const handle = { i18n: ["dockets", "common"] };

export const meta: MetaFunction = () => [{ title: "Create docket | SiteProof" }];

const EMPTY_ITEM = { rateId: "", code: "", title: "", unitOfMeasure: "", unitPrice: "", quantity: "" };

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const today = zonedDay(new Date(), await projectTimeZone(context.em, context.project));
  const values: DocketFormValues = {
    docketDate: today,
    companyId: "",
    abn: "",
    poNumber: "",
    type: "",
    costAccount: "",
    task: "",
    workOrder: "",
    areaId: "",
    subcontractId: "",
    receivedById: context.user.id,
    receivedOn: today,
    forApprovalById: "",
    comments: "",
    items: [EMPTY_ITEM],
  };
  return { values, choices: await docketFormChoices(context) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createDocket(context, await readForm(request));
}

export default function CreateDocketPage() {
  const { values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useDocketText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("dockets:form.createTitle")}</h1>
      <DocketForm
        mode="create"
        lastResult={lastResult}
        defaultValue={values}
        choices={choices}
        cancelTo={DOCKETS_PATH}
      />
    </div>
  );
}
