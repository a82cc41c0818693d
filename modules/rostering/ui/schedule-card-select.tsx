import { useId } from "react";
import { controlClass } from "~/app/ui/control-class";
import { LabelledField } from "~/app/ui/field";
import type { CardChoiceGroup } from "../domain/schedule-cards";
import { useRosteringText } from "./rostering-text";

/**
 * A roster's day or night schedule card (decision 046): the browser's own <select>, the project's cards of
 * that kind under their group (<optgroup>), and a first choice "the rostering settings' times".
 */
export function ScheduleCardSelect({
  name,
  label,
  groups,
  defaultValue,
  errors,
}: {
  name: string;
  label: string;
  groups: CardChoiceGroup[];
  defaultValue?: string;
  errors?: string[] | null;
}) {
  const { t } = useRosteringText();
  const id = useId();
  return (
    <LabelledField id={id} label={label} errors={errors}>
      {({ invalid, describedBy }) => (
        <select
          id={id}
          name={name}
          defaultValue={defaultValue ?? ""}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid)}
        >
          <option value="">{t("rostering:scheduleCards.settingsTimes")}</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
