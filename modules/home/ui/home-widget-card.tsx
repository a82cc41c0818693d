import { Link } from "@remix-run/react";
import { cn } from "~/app/ui/cn";
import type { HomeWidgetCard } from "~/server/extensions/contracts";

const TONES = {
  neutral: "text-slate-900",
  attention: "text-amber-700",
  overdue: "text-red-700",
} as const;

/** A module's card: its title (a link to the module's overview) and its counts. */
export function HomeWidgetCardView({ card }: { card: HomeWidgetCard & { key: string } }) {
  const headingId = `home-card-${card.key.replace(/[^a-z0-9-]/gi, "-")}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id={headingId} className="text-base font-medium">
        {card.href ? (
          <Link to={card.href} className="text-brand-700 hover:underline">
            {card.title}
          </Link>
        ) : (
          card.title
        )}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {card.counts.map((count) => {
          const value = (
            <span
              className={cn(
                "text-2xl font-semibold tabular-nums",
                TONES[count.value > 0 ? (count.tone ?? "neutral") : "neutral"],
              )}
            >
              {count.value}
            </span>
          );
          return (
            <div key={count.label} className="min-w-0">
              <dt className="text-sm text-slate-600">{count.label}</dt>
              <dd>
                {count.href ? (
                  <Link to={count.href} className="hover:underline">
                    {value}
                  </Link>
                ) : (
                  value
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
