import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { CarriedParams } from "~/app/ui/carried-params";
import { NativeSelect } from "~/app/ui/native-select";

/** The inbox's module filter: a GET form (works without JavaScript), keeping the Unread/All tab. */
export function ModuleFilter({
  modules,
  selected,
}: {
  modules: { id: string; title: string }[];
  selected: string | null;
}) {
  const { t } = useTranslation("notifications");
  if (modules.length === 0) return null;
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <CarriedParams owned={["module"]} />
      <NativeSelect
        label={t("filter.module")}
        name="module"
        defaultValue={selected ?? ""}
        placeholder={t("filter.allModules")}
        options={modules.map((module) => ({ value: module.id, label: module.title }))}
        className="w-full sm:w-64"
      />
      <Button type="submit" variant="secondary">
        {t("filter.apply")}
      </Button>
    </Form>
  );
}
