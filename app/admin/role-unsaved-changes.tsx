import { useBlocker } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { Dialog } from "~/app/ui/dialog";

/**
 * Spec 5: leaving a role page with unsaved changes asks first. Links and back/forward ask with a dialog;
 * closing or reloading the tab gets the browser's own question. Posting the form to its own page is not
 * leaving it, and the redirect after a save is not blocked.
 */
export function RoleUnsavedChanges({ when }: { when: boolean }) {
  const { t } = useTranslation("roles");
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [when]);

  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.reset();
  }, [blocker, when]);

  return (
    <Dialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={t("unsaved.title")}
      description={t("unsaved.description")}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.state === "blocked" && blocker.reset()}>
            {t("unsaved.stay")}
          </Button>
          <Button variant="danger" onClick={() => blocker.state === "blocked" && blocker.proceed()}>
            {t("unsaved.leave")}
          </Button>
        </>
      }
    />
  );
}
