/** Layout pieces of the /storybook pages; not part of the design system itself. */

export function ShowcaseSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 space-y-4">
      <h2 id={`${id}-title`} className="border-b border-slate-200 pb-2 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="grid items-start gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}

export function Example({
  title,
  children,
  wide,
}: {
  title: string;
  children: React.ReactNode;
  /** Spans both columns on large screens. */
  wide?: boolean;
}) {
  return (
    <article className={`rounded-lg border border-slate-200 bg-white p-4 ${wide ? "lg:col-span-2" : ""}`}>
      <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="space-y-3">{children}</div>
    </article>
  );
}
