import { useTranslation } from "react-i18next";
import type { FilterPanelProps } from "~/app/ui/filter-panel";
import { Select } from "~/app/ui/select";

export const RESOURCE_FILTER_FIELDS = ["category", "status"] as const;
/** A select needs a non-empty value for "no filter" (spec 5); the loader ignores it. */
const ANY = "any";

type ResourceFiltersProps = {
  categories: readonly string[];
  category: string | null;
  status: string | null;
};

/** The resources list's filters (category, status) for its RegisterPage. */
export function useResourceFilters({ categories, category, status }: ResourceFiltersProps): FilterPanelProps {
  const { t } = useTranslation("settings");
  return {
    fields: RESOURCE_FILTER_FIELDS,
    activeCount: [category, status].filter(Boolean).length,
    children: (
      <>
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
      </>
    ),
  };
}
