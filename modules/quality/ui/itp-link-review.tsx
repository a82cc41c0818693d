import type { SubmissionResult } from "@conform-to/react";
import { formatDate } from "~/app/utils/format";
import type { ItemAttachment } from "../server/itp-attachments.server";
import { ItpReviewForm } from "./itp-review-form";
import { ItpDocument, type ItpHeaderData, type ItpItemData, useItpText } from "./itp-view";

/** What a review link's page shows, as its loader answers (`/external/itp/:id` and the two review pages). */
export type LinkReviewData =
  | {
      state: "valid";
      token: string;
      recipientName: string;
      expiresAt: string;
      /** How many days a link Quality's reviewer sends on to the client stays open (the client's page needs none). */
      linkDays?: number;
      itp: ItpHeaderData & {
        id: string;
        items: ItpItemData[];
        attachments: Record<string, ItemAttachment[]>;
      };
    }
  | { state: "invalid" | "expired" | "revoked" | "superseded" }
  | {
      state: "used";
      thanks: boolean;
      number: string;
      decision: "approved" | "rejected" | null;
      reviewerName: string | null;
      decidedAt: string | null;
    };

/**
 * The refused decision of a review page's answer, or null when the answer is a link's page (a link used,
 * expired…). Told apart by `state`: a link's page names it, a conform reply's is an object or absent. The
 * key alone says nothing: a reply carries `state: undefined`, and the page's data keeps undefined keys.
 */
export function refusedReviewOf(actionData: unknown): SubmissionResult<string[]> | null {
  if (!actionData || typeof actionData !== "object") return null;
  return typeof (actionData as { state?: unknown }).state === "string"
    ? null
    : (actionData as SubmissionResult<string[]>);
}

/**
 * The page of a review link, for someone without an account: the plan and the decision form while the link
 * works, else why it does not. Plain forms and links: it works without JavaScript.
 */
export function LinkReviewPage({
  page,
  kind,
  lastResult,
  hiddenToken = false,
}: {
  page: LinkReviewData;
  /** Whose review the link is for: Quality's (internal) or the client's (external). */
  kind: "internal" | "external";
  lastResult: SubmissionResult<string[]> | null;
  /** The token also as a form field, for a page whose form does not post back to the link's address. */
  hiddenToken?: boolean;
}) {
  return (
    <ReviewPageFrame>
      {page.state === "valid" ? (
        <ReviewThroughLink page={page} kind={kind} lastResult={lastResult} hiddenToken={hiddenToken} />
      ) : (
        <ClosedLink page={page} />
      )}
    </ReviewPageFrame>
  );
}

/**
 * The frame of a page that stands outside the application shell: the review pages opened with a link, and
 * the same pages for members (open-access routes are not in the shell, whoever opens them).
 */
export function ReviewPageFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="min-h-dvh bg-slate-100 px-4 py-8">
      <div className="mx-auto max-w-6xl space-y-6">
        <p className="text-2xl font-bold tracking-tight text-brand-700">SiteProof</p>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</div>
      </div>
    </main>
  );
}

function ReviewThroughLink({
  page,
  kind,
  lastResult,
  hiddenToken,
}: {
  page: Extract<LinkReviewData, { state: "valid" }>;
  kind: "internal" | "external";
  lastResult: SubmissionResult<string[]> | null;
  hiddenToken: boolean;
}) {
  const { t, locale } = useItpText();
  const { itp } = page;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900">
          {t(
            kind === "internal" ? "quality:itp.external.internalPageTitle" : "quality:itp.external.pageTitle",
          )}
          : {itp.number} {itp.title}
        </h1>
        <p className="text-sm text-slate-700">
          {t(kind === "internal" ? "quality:itp.external.internalIntro" : "quality:itp.external.intro", {
            project: itp.projectName,
          })}
        </p>
        <p className="text-xs text-slate-500">
          {t("quality:itp.external.sentTo", {
            name: page.recipientName,
            date: formatDate(page.expiresAt, locale),
          })}
        </p>
      </header>
      <ItpDocument
        itp={itp}
        attachments={{
          byItem: itp.attachments,
          href: (attachmentId) =>
            `/external/itp/${itp.id}/attachments/${attachmentId}?token=${encodeURIComponent(page.token)}`,
        }}
      />
      <ItpReviewForm
        mode={kind}
        lastResult={lastResult}
        hidden={hiddenToken ? { token: page.token } : {}}
        linkDays={page.linkDays}
      />
    </div>
  );
}

function ClosedLink({ page }: { page: Exclude<LinkReviewData, { state: "valid" }> }) {
  const { t, locale } = useItpText();
  if (page.state === "used") {
    const decision = page.decision ? t(`quality:itp.reviews.${page.decision}`) : "-";
    if (page.thanks) {
      return (
        <Message title={t("quality:itp.external.thanksTitle")}>
          {t("quality:itp.external.thanksMessage", { decision, number: page.number })}
        </Message>
      );
    }
    return (
      <Message title={t("quality:itp.external.usedTitle")}>
        {t("quality:itp.external.usedMessage", {
          decision,
          name: page.reviewerName ?? "-",
          date: page.decidedAt ? formatDate(page.decidedAt, locale) : "-",
        })}
      </Message>
    );
  }
  return (
    <Message title={t(`quality:itp.external.${page.state}Title`)}>
      {t(`quality:itp.external.${page.state}Message`)}
    </Message>
  );
}

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div role="status" className="mx-auto max-w-lg space-y-2 py-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-700">{children}</p>
    </div>
  );
}
