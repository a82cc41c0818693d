import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { buttonClass } from "~/app/ui/button";
import { Dialog, DialogClose } from "~/app/ui/dialog";
import { hrefWithParams } from "~/app/ui/search-params";
import { useHydrated } from "~/app/ui/use-hydrated";
import { CompanyForm } from "./company-form";
import { useAdminMessages } from "./company-messages";

/** `?add=1` asks for the add form on the page itself (no JavaScript, no dialog). */
const ADD_PARAM = "add";

/** The add form, in the dialog or on the page; Cancel closes the one or leaves ?add=1. */
function AddCompanyForm({ schema }: { schema: z.ZodType<any> }) {
  const { t } = useAdminMessages();
  const hydrated = useHydrated();
  const location = useLocation();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <CompanyForm
      id="company-create"
      schema={schema}
      intent="create"
      lastResult={lastResult}
      submitLabel={t("companies:actions.add")}
      secondaryAction={
        hydrated ? (
          <DialogClose className={buttonClass("secondary")}>{t("companies:actions.cancel")}</DialogClose>
        ) : (
          <Link
            to={hrefWithParams(location.pathname, location.search, { [ADD_PARAM]: null })}
            className={buttonClass("secondary")}
          >
            {t("companies:actions.cancel")}
          </Link>
        )
      }
    />
  );
}

/** Asked for (?add=1) or refused, and not yet hydrated: whether the page shows the add form itself. */
function useAddRequested() {
  const [searchParams] = useSearchParams();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return searchParams.get(ADD_PARAM) === "1" || Boolean(lastResult);
}

/**
 * Add company opens a dialog. Without JavaScript the button is a link to ?add=1, where the same form
 * is shown on the page (AddCompanyPanel); a refused submit comes back there with its messages.
 */
export function AddCompany({ schema }: { schema: z.ZodType<any> }) {
  const { t } = useAdminMessages();
  const hydrated = useHydrated();
  const location = useLocation();
  const requested = useAddRequested();
  const [open, setOpen] = useState(requested);
  if (!hydrated) {
    return (
      <Link
        to={hrefWithParams(location.pathname, location.search, { [ADD_PARAM]: "1" })}
        className={buttonClass()}
      >
        {t("companies:actions.add")}
      </Link>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("companies:create.title")}
      description={t("companies:create.description")}
      className="max-w-2xl"
      trigger={
        <button type="button" className={buttonClass()}>
          {t("companies:actions.add")}
        </button>
      }
    >
      <AddCompanyForm schema={schema} />
    </Dialog>
  );
}

/** The add form on the page, for a browser without JavaScript. */
export function AddCompanyPanel({ schema }: { schema: z.ZodType<any> }) {
  const { t } = useAdminMessages();
  const hydrated = useHydrated();
  const requested = useAddRequested();
  if (hydrated || !requested) return null;
  return (
    <section aria-labelledby="add-company-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="add-company-title" className="mb-4 text-lg font-semibold">
        {t("companies:create.title")}
      </h2>
      <AddCompanyForm schema={schema} />
    </section>
  );
}
