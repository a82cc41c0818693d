import { useTranslation } from "react-i18next";
import { FilterPanel } from "~/app/ui/filter-panel";
import { Select } from "~/app/ui/select";

export const RESOURCE_FILTER_FIELDS = ["category", "status"] as const;
/** A select needs a non-empty value for "no filter" (spec 5); the loader ignores it. */
const ANY = "any";

type ResourceFiltersProps = {
  categories: readonly string[];
  category: string | null;
  status: string | null;
};

export function ResourceFilters({ categories, category, status }: ResourceFiltersProps) {
  const { t } = useTranslation("settings");
  const activeCount = [category, status].filter(Boolean).length;
  return (
    <FilterPanel fields={RESOURCE_FILTER_FIELDS} activeCount={activeCount} defaultOpen={activeCount > 0}>
      <Select
        name="category"
        label={t("resources.fields.category")}
        defaultValue={category ?? ANY}
        options={[
          { value: ANY, label: t("resources.anyCategory") },
          ...categories.map((value) => ({ value, label: t(`resources.categories.${value}`) })),
        ]}
      />
      <Select
        name="status"
        label={t("resources.fields.status")}
        defaultValue={status ?? ANY}
        options={[
          { value: ANY, label: t("resources.anyStatus") },
          { value: "active", label: t("resources.active") },
          { value: "inactive", label: t("resources.inactive") },
        ]}
      />
    </FilterPanel>
  );
}
