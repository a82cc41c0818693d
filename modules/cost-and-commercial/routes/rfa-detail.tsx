import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { FormAlert, TextAreaField } from "~/app/ui/field";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps } from "~/app/ui/workflow-steps";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import { requireHeadContract } from "../server/head-contract.server";
import {
  recordRfaResponse,
  rfaActivity,
  rfaById,
  rfaRow,
  rfaSteps,
  transitionRfa,
} from "../server/rfa.server";
import { RFA_INTENTS, rfaPath, UPSTREAM_LIMITS, upstreamPath } from "../server/upstream-basics";
import { UpstreamActivity } from "../ui/head-claim-view";
import { RfaStatusBadge, useStepTexts, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.rfa.number ?? "RFA"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  const rfa = await rfaById(context, contract, params.rfaId);
  return {
    rfa: rfaRow(rfa),
    steps: rfaSteps(context, rfa),
    canRespond:
      ["submitted", "in_review", "answered"].includes(rfa.status) &&
      context.can(UPSTREAM_PERMISSIONS.updateStatus),
    activity: await rfaActivity(context, rfa.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const contract = await requireHeadContract(context);
  const rfa = await rfaById(context, contract, params.rfaId);
  if (intent === RFA_INTENTS.transition) return transitionRfa(context, rfa.id, formData);
  if (intent === RFA_INTENTS.response) return recordRfaResponse(context, rfa, formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** A request for approval: its fields, steps (RFI vocabulary) and the client's response. */
export default function RfaPage() {
  const { rfa, steps, canRespond, activity } = useLoaderData<typeof loader>();
  const { t, translate, money, day } = useUpstreamText();
  const refusals = translate(usePostErrors(RFA_INTENTS.transition));
  const responseErrors = translate(usePostErrors(RFA_INTENTS.response));
  const f = (name: string) => t(`cost-and-commercial:rfa.fields.${name}`);
  const texts = useStepTexts(rfa.number);
  return (
    <DetailPage
      back={{ to: upstreamPath("rfa"), label: t("cost-and-commercial:rfa.back") }}
      title={`${rfa.number} ${rfa.title}`}
      meta={<RfaStatusBadge status={rfa.status} />}
      toolbar={
        <WorkflowSteps
          to={rfaPath(rfa.id)}
          intent={RFA_INTENTS.transition}
          rows={steps}
          texts={texts}
          refusals={refusals}
          isDanger={(row) => row.action === "void" || row.action === "reject"}
        />
      }
      activity={<UpstreamActivity entries={activity} />}
    >
      <div className="space-y-4">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <DetailFields
            rows={[
              {
                label: f("description"),
                value: <span className="whitespace-pre-line">{rfa.description ?? "-"}</span>,
              },
              { label: f("amount"), value: rfa.amountCents === null ? "-" : money(rfa.amountCents) },
              { label: f("submittedOn"), value: day(rfa.submittedOn) },
              { label: f("responseDueOn"), value: day(rfa.responseDueOn) },
              {
                label: f("response"),
                value: <span className="whitespace-pre-line">{rfa.response ?? "-"}</span>,
              },
              { label: f("respondedOn"), value: day(rfa.respondedOn) },
            ]}
          />
        </div>
        {canRespond ? (
          <Form
            method="post"
            action={rfaPath(rfa.id)}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <h2 className="font-semibold text-slate-900">{t("cost-and-commercial:rfa.recordResponse")}</h2>
            <FormAlert errors={responseErrors} />
            <input type="hidden" name="intent" value={RFA_INTENTS.response} />
            <TextAreaField
              label={`${f("response")} *`}
              textareaProps={{ name: "response", required: true, maxLength: UPSTREAM_LIMITS.description }}
            />
            <DateField label={`${f("respondedOn")} *`} inputProps={{ name: "respondedOn", required: true }} />
            <Button type="submit" variant="secondary">
              {t("cost-and-commercial:rfa.saveResponse")}
            </Button>
          </Form>
        ) : null}
      </div>
    </DetailPage>
  );
}
