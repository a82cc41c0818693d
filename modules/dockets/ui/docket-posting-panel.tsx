import { Form } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { formatDateTime } from "~/app/utils/format";
import type { DocketPostingData } from "../server/docket-posting.server";
import { useIntrayText } from "./intray-text";

/**
 * The details page's posting panel: not connected, ready (Post to ACC), queued, failed with ACC's message (Post
 * again), or posted with ACC's expense id. Posting is offered only when ACC is connected and the user may post.
 */
export function DocketPostingPanel({ posting }: { posting: DocketPostingData }) {
  const { t, locale } = useIntrayText();
  const { posting: state } = posting;
  if (state.state === "not-approved") return null;
  const postButton = (label: string) =>
    posting.canPost ? (
      <Form method="post" action={`/dockets/${posting.docketId}/post`}>
        <button type="submit" className={buttonClass("primary", "sm")}>
          {label}
        </button>
      </Form>
    ) : null;
  return (
    <section
      aria-labelledby="docket-posting"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="docket-posting" className="font-semibold text-slate-900">
        {t("dockets:posting.title")}
      </h2>
      <div role="status" data-testid="docket-posting" className="text-sm text-slate-700">
        {state.state === "not-connected" ? <p>{t("dockets:posting.notConnected")}</p> : null}
        {state.state === "ready" ? <p>{t("dockets:posting.ready")}</p> : null}
        {state.state === "queued" ? (
          <p>{t("dockets:posting.queuedSince", { when: formatDateTime(state.since, locale) })}</p>
        ) : null}
        {state.state === "failed" ? (
          <p className="text-red-700">{t("dockets:posting.failed", { message: state.message })}</p>
        ) : null}
        {state.state === "posted" ? (
          <p>
            {t("dockets:posting.posted", {
              id: state.expenseId,
              when: state.postedAt ? formatDateTime(state.postedAt, locale) : "-",
            })}
          </p>
        ) : null}
      </div>
      {state.state === "ready" ? postButton(t("dockets:posting.post")) : null}
      {state.state === "failed" ? postButton(t("dockets:posting.postAgain")) : null}
    </section>
  );
}
