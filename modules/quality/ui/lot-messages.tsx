import { usePageText } from "~/app/ui/use-page-text";

/** The lot pages' texts, messages from the server (keys with their parameters), and the locale for dates. */
export function useLotMessages() {
  return usePageText(["quality", "common", "locations"]);
}
