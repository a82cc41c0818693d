import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { docketPath } from "../server/docket-basics";
import {
  canEditDocket,
  docketById,
  docketFormChoices,
  docketFormValues,
  editDocket,
} from "../server/dockets.server";
import { DocketForm } from "../ui/docket-form";
import { useDocketText } from "../ui/docket-text";

export const handle = { i18n: ["dockets", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.number ?? "docket"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const docket = await docketById(context, params.id);
  if (!canEditDocket(context, docket)) throw new Response("Forbidden", { status: 403 });
  return {
    id: docket.id,
    number: docket.number,
    values: await docketFormValues(context.em, docket),
    choices: await docketFormChoices(context, docket),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const docket = await docketById(context, params.id);
  if (!canEditDocket(context, docket)) throw new Response("Forbidden", { status: 403 });
  return editDocket(context, docket.id, await readForm(request));
}

export default function EditDocketPage() {
  const { id, number, values, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useDocketText();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("dockets:form.editTitle", { number })}</h1>
      <DocketForm
        mode="edit"
        lastResult={lastResult}
        defaultValue={values}
        choices={choices}
        cancelTo={docketPath(id)}
      />
    </div>
  );
}
