import { useTranslation } from "react-i18next";
import { Button } from "../button";
import { ConfirmDialog } from "../confirm-dialog";
import { Dialog, DialogClose } from "../dialog";
import { Popover } from "../popover";
import { showToast, type ToastType } from "../toaster";
import { Tooltip } from "../tooltip";
import { Example, ShowcaseSection } from "./showcase-section";

const TOAST_TYPES: ToastType[] = ["success", "error", "info", "warning"];

export function ActionsShowcase() {
  const { t } = useTranslation(["storybook", "ui"]);
  return (
    <ShowcaseSection id="actions" title={t("sections.actions")}>
      <Example title={t("button.title")} wide>
        <div className="flex flex-wrap items-center gap-2">
          <Button>{t("button.primary")}</Button>
          <Button variant="secondary">{t("button.secondary")}</Button>
          <Button variant="danger">{t("button.danger")}</Button>
          <Button variant="ghost">{t("button.ghost")}</Button>
          <Button variant="link">{t("button.link")}</Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm">{t("button.small")}</Button>
          <Button size="md">{t("button.medium")}</Button>
          <Button size="lg">{t("button.large")}</Button>
          <Button disabled>{t("button.disabled")}</Button>
          <Button loading>{t("button.loading")}</Button>
          <Button variant="secondary" loading>
            {t("button.loading")}
          </Button>
        </div>
      </Example>

      <Example title={t("dialog.title")}>
        <Dialog
          trigger={<Button variant="secondary">{t("dialog.open")}</Button>}
          title={t("dialog.heading")}
          description={t("dialog.description")}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary">{t("ui:confirm.cancel")}</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button>{t("dialog.save")}</Button>
              </DialogClose>
            </>
          }
        >
          <p className="text-sm text-slate-700">{t("dialog.body")}</p>
        </Dialog>
      </Example>

      <Example title={t("confirm.title")}>
        <div className="flex flex-wrap gap-2">
          <ConfirmDialog
            trigger={<Button variant="secondary">{t("confirm.openDefault")}</Button>}
            title={t("confirm.releaseTitle")}
            description={t("confirm.releaseDescription")}
            confirmLabel={t("confirm.release")}
            onConfirm={() => showToast("success", t("confirm.released"))}
          />
          <ConfirmDialog
            trigger={<Button variant="danger">{t("confirm.openDanger")}</Button>}
            tone="danger"
            title={t("confirm.deleteTitle")}
            description={t("confirm.deleteDescription")}
            confirmLabel={t("confirm.delete")}
            submit={{ fields: { intent: "confirm-demo" } }}
          />
        </div>
        <p className="text-xs text-slate-500">{t("confirm.note")}</p>
      </Example>

      <Example title={t("popover.title")}>
        <Popover trigger={<Button variant="secondary">{t("popover.open")}</Button>}>
          <p className="font-medium text-slate-900">{t("popover.heading")}</p>
          <p className="mt-1 text-slate-600">{t("popover.body")}</p>
        </Popover>
      </Example>

      <Example title={t("tooltip.title")}>
        <div className="flex flex-wrap gap-2">
          <Tooltip content={t("tooltip.hint")}>
            <Button variant="secondary">{t("tooltip.hover")}</Button>
          </Tooltip>
          <Tooltip content={t("tooltip.second")} side="bottom">
            <Button variant="secondary">{t("tooltip.hoverNext")}</Button>
          </Tooltip>
        </div>
        <p className="text-xs text-slate-500">{t("tooltip.note")}</p>
      </Example>

      <Example title={t("toast.title")}>
        <div className="flex flex-wrap gap-2">
          {TOAST_TYPES.map((type) => (
            <Button key={type} variant="secondary" onClick={() => showToast(type, t(`toast.${type}`))}>
              {t(`toast.show.${type}`)}
            </Button>
          ))}
        </div>
        <p className="text-xs text-slate-500">{t("toast.note")}</p>
      </Example>
    </ShowcaseSection>
  );
}
