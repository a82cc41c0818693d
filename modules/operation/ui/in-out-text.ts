import { usePageText } from "~/app/ui/use-page-text";
import type { Locale } from "~/server/i18n/locale";

/** In/Out's pages speak the operation module's texts (operation:inout.*) and the common ones. */
export const useInOutText = () => usePageText(["operation", "common"]);

/** "07:30": an instant's time on the project's clock (the zone is given, so server and browser agree). */
export function clockTime(iso: string, timeZone: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === "vi" ? "vi-VN" : "en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}
