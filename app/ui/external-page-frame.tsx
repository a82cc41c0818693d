/**
 * A page for someone without an account (a worker at the gate, an attendee signing on): the product's name
 * and one card, outside the application shell, narrow enough for a phone.
 */
export function ExternalPageFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="min-h-dvh bg-slate-100 px-4 py-8">
      <div className="mx-auto max-w-lg space-y-6">
        <p className="text-2xl font-bold tracking-tight text-brand-700">SiteProof</p>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>
      </div>
    </main>
  );
}
