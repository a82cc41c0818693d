import { usePageText } from "~/app/ui/use-page-text";
import { formatCents } from "~/app/utils/format";
import { currencyOf } from "../server/docket-basics";

/** The docket pages' texts and amounts (the state badge: docket-status-badge.tsx). */
export function useDocketText() {
  const text = usePageText(["dockets", "common", "uploads"]);
  const currency = currencyOf(text.locale);
  return { ...text, money: (cents: number | null | undefined) => formatCents(cents, { currency }) };
}
