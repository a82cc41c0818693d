import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { loadLotLinksPage, lotLinksAction } from "../server/lot-review-link.server";
import { LotClientLinks, SendLotReviewLink } from "../ui/lot-client-links";
import { LotFrame } from "../ui/lot-frame";
import { useReportMessages } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.frame.number ?? "Lot"} client links | SiteProof` },
];

/** The lot's links to the client: the list with revoke, and QA's lot review link while the lot waits for the client. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadLotLinksPage(context, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  requireIntent(context, formData);
  return lotLinksAction(context, params.id, formData);
}

export default function LotClientLinksPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as { result: SubmissionResult<string[]> } | undefined;
  const { t } = useReportMessages();
  return (
    <LotFrame lot={data.frame} active="hp-wp">
      <div className="space-y-6">
        <h2 className="text-lg font-semibold text-slate-900">{t("quality:hpWpClient.links.title")}</h2>
        {data.canSendReview ? (
          <SendLotReviewLink
            lotId={data.frame.id}
            result={answer?.result ?? null}
            days={data.linkLifetimeDays}
          />
        ) : null}
        <LotClientLinks lotId={data.frame.id} links={data.links} />
      </div>
    </LotFrame>
  );
}
