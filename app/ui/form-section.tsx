import type { ReactNode } from "react";

/**
 * A titled group of a form's fields: a fieldset whose legend is the title, the fields in a grid of two
 * columns (one on a phone). A field spanning both columns takes `sm:col-span-2`. Without a title it is
 * the same card and grid with no legend (a form of one section).
 */
export function FormSection({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
      {title ? <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend> : null}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
