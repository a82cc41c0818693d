import type { RecurrenceChoice } from "../domain/schedule-recurrence";
import { useUpstreamText } from "./upstream-text";

/** A reminder's recurrence in words: "Monthly on day 25", "Weekly on Monday", "Once". */
export function useRecurrenceText() {
  const { t } = useUpstreamText();
  return (choice: RecurrenceChoice | null) => {
    if (!choice) return t("cost-and-commercial:reminders.recurrenceText.custom");
    if (choice.kind === "weekly")
      return t("cost-and-commercial:reminders.recurrenceText.weekly", {
        weekday: t(`cost-and-commercial:reminders.weekdays.${choice.weekday}`),
      });
    if (choice.kind === "monthly-day")
      return choice.monthDay === -1
        ? t("cost-and-commercial:reminders.recurrenceText.monthlyLast")
        : t("cost-and-commercial:reminders.recurrenceText.monthly", { day: choice.monthDay });
    return t(`cost-and-commercial:reminders.recurrenceText.${choice.kind}`);
  };
}
