import { Link } from "@remix-run/react";
import type { LotFrame as LotFrameData } from "../server/lot-frame.server";
import { lotPath } from "../server/lot-rules";
import { useLotMessages } from "./lot-messages";

/**
 * What the lot's records still need before its next step (issue #12): before the Project Engineer, an ITP,
 * every check, the signatures and ITRs; before QA approval and closing, an NCR with a disposition for each
 * non-conforming check. Each line names the item; the ITP tab is where they are recorded.
 */
export function LotGateBanner({ lot }: { lot: LotFrameData }) {
  const { t } = useLotMessages();
  const gate = lot.gate;
  if (!gate) return null;
  return (
    <section
      aria-label={t(gate.heading)}
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <h2 className="font-medium">{t(gate.heading)}</h2>
      <ul className="list-disc pl-5">
        {gate.missing.map((entry) => (
          <li key={`${entry.message}-${Object.values(entry.params).join("-")}`}>
            {t(entry.message, entry.params)}
          </li>
        ))}
      </ul>
      <Link to={`${lotPath(lot.id)}/itp`} className="font-medium underline">
        {t("quality:lot.gate.open")}
      </Link>
    </section>
  );
}
