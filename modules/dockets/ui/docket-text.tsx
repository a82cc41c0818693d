import { usePageText } from "~/app/ui/use-page-text";
import { formatCents } from "~/app/utils/format";
import { currencyOf } from "../server/docket-basics";

export { DocketStatusBadge } from "./docket-status-badge";

/** The docket pages' texts, badges and amounts. */
export function useDocketText() {
  const text = usePageText(["dockets", "common", "uploads"]);
  const currency = currencyOf(text.locale);
  return { ...text, money: (cents: number | null | undefined) => formatCents(cents, { currency }) };
}
