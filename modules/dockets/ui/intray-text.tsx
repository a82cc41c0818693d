import { usePageText } from "~/app/ui/use-page-text";

/** The intray's, signing's, posting's and ACC connection's texts. */
export function useIntrayText() {
  return usePageText(["dockets", "common", "uploads"]);
}
