import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { TemplateKind } from "../domain/templates";
import { TEMPLATES_PATH } from "../server/rostering-basics";
import { useRosteringText } from "./rostering-text";

/** A register's template actions: download the empty template, export what is there, import a filled one. */
export function TemplateLinks({ kind, canImport }: { kind: TemplateKind; canImport: boolean }) {
  const { t } = useRosteringText();
  const base = `${TEMPLATES_PATH}/${kind}`;
  return (
    <div className="flex flex-wrap gap-2">
      <a href={`${base}?mode=template`} className={buttonClass("secondary", "sm")} download>
        {t("rostering:templateLinks.template")}
      </a>
      <a href={`${base}?mode=export`} className={buttonClass("secondary", "sm")} download>
        {t("rostering:templateLinks.export")}
      </a>
      {canImport ? (
        <Link to={base} className={buttonClass("secondary", "sm")}>
          {t("rostering:templateLinks.import")}
        </Link>
      ) : null}
    </div>
  );
}
