import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { permitPath } from "../server/permit-basics";
import {
  canEditPermit,
  editPermit,
  permitById,
  permitFormChoices,
  permitFormValues,
} from "../server/permits.server";
import { PermitForm } from "../ui/permit-form";
import { usePermitText } from "../ui/permit-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "permit"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const permit = await permitById(context, params.id);
  // Its creator or a manager, while it is prepared.
  if (!canEditPermit(context, permit)) throw new Response("Forbidden", { status: 403 });
  const choices = await permitFormChoices(context);
  return {
    id: permit.id,
    number: permit.number,
    values: permitFormValues(permit, choices.timeZone),
    choices,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const permit = await permitById(context, params.id);
  if (!canEditPermit(context, permit)) throw new Response("Forbidden", { status: 403 });
  return editPermit(context, permit.id, await readForm(request));
}

export default function EditPermitPage() {
  const { id, number, values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = usePermitText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("safety:permit.form.editTitle", { number })}
      </h1>
      <PermitForm
        mode="edit"
        choices={choices}
        lastResult={lastResult}
        defaultValue={values}
        cancelTo={permitPath(id)}
      />
    </div>
  );
}
