import { usePageText } from "~/app/ui/use-page-text";

/** The help pages' texts. */
export function useHelpText() {
  return usePageText(["help", "common", "uploads"]);
}
