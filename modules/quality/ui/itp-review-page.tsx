import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { ItemAttachment } from "../server/itp-attachments.server";
import { itpPath } from "../server/itp-rules";
import {
  ItpDocument,
  type ItpHeaderData,
  type ItpItemData,
  memberAttachmentHref,
  useItpText,
} from "./itp-view";

type ItpReviewPageProps = {
  itp: ItpHeaderData & {
    id: string;
    title: string;
    items: ItpItemData[];
    attachments: Record<string, ItemAttachment[]>;
  };
  /** Whether the ITP is in the status this review page decides. */
  waiting: boolean;
  kind: "internal" | "external";
  children: React.ReactNode;
};

/** A review page for members: the plan as the reviewer sees it, then the decision form. */
export function ItpReviewPage({ itp, waiting, kind, children }: ItpReviewPageProps) {
  const { t } = useItpText();
  return (
    <div className="space-y-8">
      <Link to={itpPath(itp.id)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {itp.number} {itp.title}
      </Link>
      <h1 className="text-2xl font-semibold text-slate-900">
        {t(kind === "internal" ? "quality:itp.review.internalTitle" : "quality:itp.review.externalTitle", {
          number: itp.number,
        })}
      </h1>
      {waiting ? null : (
        <div
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p>
            {t(
              kind === "internal"
                ? "quality:itp.review.notWaitingInternal"
                : "quality:itp.review.notWaitingExternal",
              {
                status: t(`quality:itp.status.${itp.status}`),
              },
            )}
          </p>
          <Link to={itpPath(itp.id)} className={`${buttonClass("secondary", "sm")} mt-2`}>
            {t("quality:itp.review.backToItp")}
          </Link>
        </div>
      )}
      <ItpDocument itp={itp} attachments={{ byItem: itp.attachments, href: memberAttachmentHref(itp.id) }} />
      {waiting ? children : null}
    </div>
  );
}
