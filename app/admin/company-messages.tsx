import { usePageText } from "~/app/ui/use-page-text";

/** The administration pages' texts, messages from the server, and the locale for dates. */
export function useAdminMessages() {
  return usePageText(["companies", "groups", "common"]);
}
