import type { ReactNode } from "react";
import type { LotFrame as LotFrameData } from "../server/lot-frame.server";

export type LotTab = "detail" | "itp" | "hp-wp";

/** The lot's header and its tabs (Detail, ITP, HP/WP); each tab is its own route. */
export function LotFrame({ lot, children }: { lot: LotFrameData; active: LotTab; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {lot.number} {lot.title}
      </h1>
      {children}
    </div>
  );
}
