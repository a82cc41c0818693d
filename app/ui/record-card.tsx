import { Link } from "@remix-run/react";
import { cn } from "./cn";

export type RecordCardDetail = { label: string; value: React.ReactNode };

export type RecordCardContent = {
  /** The record's page; the whole card is the link's tap area, so a gloved thumb cannot miss it. */
  href?: string;
  /** The human number, e.g. LOT-0042. */
  number?: React.ReactNode;
  title: React.ReactNode;
  status?: React.ReactNode;
  /** A few labelled facts under the title: location, type, date. */
  details?: RecordCardDetail[];
  /** The row's own buttons (Edit, Delete); they sit above the card's link. */
  actions?: React.ReactNode;
};

/** One record of a register as a card: how a list reads on a phone, without sideways scrolling. */
export function RecordCard({
  href,
  number,
  title,
  status,
  details,
  actions,
  className,
}: RecordCardContent & { className?: string }) {
  const heading = (
    <>
      {number ? <span className="block text-sm font-semibold text-brand-700">{number}</span> : null}
      <span className="block font-medium text-slate-900">{title}</span>
    </>
  );
  return (
    <article
      className={cn(
        "relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm",
        href && "focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-300",
        className,
      )}
    >
      {/* The title keeps at least 12rem; a status that leaves less wraps under it, never squeezing the words. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        {href ? (
          // The link's ::after covers the card: tapping anywhere on it opens the record.
          <Link
            to={href}
            className="min-w-0 flex-1 basis-48 break-words focus-visible:outline-none after:absolute after:inset-0 after:content-['']"
          >
            {heading}
          </Link>
        ) : (
          <div className="min-w-0 flex-1 basis-48 break-words">{heading}</div>
        )}
        {status ? <div className="max-w-full">{status}</div> : null}
      </div>
      {details?.length ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {details.map((detail) => (
            <div key={detail.label} className="contents">
              <dt className="text-slate-500">{detail.label}</dt>
              <dd className="min-w-0 break-words text-slate-800">{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {actions ? <div className="relative mt-3 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
