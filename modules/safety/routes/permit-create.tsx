import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { zonedDay } from "~/server/projects/time-zone";
import { PERMIT_PATH } from "../server/permit-basics";
import { createPermit, permitFormChoices } from "../server/permits.server";
import { PermitForm } from "../ui/permit-form";
import { usePermitText } from "../ui/permit-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "New permit to work | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const choices = await permitFormChoices(context);
  // A day shift on site today, the preparer as its receiver: the usual permit, changed as needed.
  const today = zonedDay(new Date(), choices.timeZone);
  return {
    choices,
    defaults: {
      fromDate: today,
      fromTime: "07:00",
      toDate: today,
      toTime: "17:00",
      receiverId: context.user.id,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return createPermit(await requireRoute(request), await readForm(request));
}

export default function CreatePermitPage() {
  const { choices, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = usePermitText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:permit.form.createTitle")}</h1>
      <PermitForm
        mode="create"
        choices={choices}
        lastResult={lastResult}
        defaultValue={defaults}
        cancelTo={PERMIT_PATH}
      />
    </div>
  );
}
