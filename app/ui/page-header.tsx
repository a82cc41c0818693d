import { cn } from "./cn";

export type PageHeaderProps = {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Facts under the title: status badges, location, revision. */
  meta?: React.ReactNode;
  /** The page's own buttons and links (Create, Edit, Download); they wrap under the title on a phone. */
  actions?: React.ReactNode;
  className?: string;
};

/** The top of every page: its one h1, what the page is for, and what can be done from it. */
export function PageHeader({ title, description, meta, actions, className }: PageHeaderProps) {
  return (
    <header className={cn("flex flex-wrap items-start justify-between gap-4", className)}>
      <div className="min-w-0 space-y-1">
        <h1 className="break-words text-2xl font-semibold text-slate-900">{title}</h1>
        {description ? <p className="max-w-3xl text-sm text-slate-600">{description}</p> : null}
        {meta ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm text-slate-600">
            {meta}
          </div>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
