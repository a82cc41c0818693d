import { Link } from "@remix-run/react";
import { useId } from "react";
import { buttonClass } from "~/app/ui/button";
import { actionPath } from "../server/action-basics";
import type { RaisedAction } from "../server/action-sources.server";
import { ActionStatusBadge } from "./action-status";

/**
 * The actions raised from a record (an observation, a failed scan) and the "Raise an action" link: the
 * record's side of the link whose other side is the action's "Raised from".
 */
export function RaisedActions({
  actions,
  raiseHref,
  title,
  none,
  raise,
}: {
  actions: RaisedAction[];
  raiseHref: string | null;
  title: string;
  none: string;
  raise: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {raiseHref ? (
          <Link to={raiseHref} className={buttonClass("secondary", "sm")}>
            {raise}
          </Link>
        ) : null}
      </div>
      {actions.length === 0 ? (
        <p className="text-sm text-slate-500">{none}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {actions.map((action) => (
            <li key={action.id} className="flex flex-wrap items-center gap-2 py-2">
              <Link to={actionPath(action.id)} className="record-link">
                {action.number}
              </Link>
              <span className="min-w-0 flex-1 break-words">{action.title}</span>
              <ActionStatusBadge status={action.status} />
              {action.assignee ? <span className="text-xs text-slate-500">{action.assignee}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
