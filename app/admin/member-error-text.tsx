import { useTranslation } from "react-i18next";

/** Must match MAX_INVITATION_EMAILS of the member rules (the browser bundle does not read server files). */
const MAX_INVITATION_EMAILS = 100;

/**
 * Messages of the members forms are translation keys; one about a single address carries it after '|'
 * ("validation.invalidEmail|bob@") and reads "bob@: Invalid email", a form-level one carries a list.
 */
export function useMemberErrorText() {
  const { t } = useTranslation(["members", "common"], { nsMode: "fallback" });
  const split = (error: string) => {
    const bar = error.indexOf("|");
    return bar < 0
      ? { key: error, detail: null }
      : { key: error.slice(0, bar), detail: error.slice(bar + 1) };
  };
  const fieldErrors = (errors?: string[] | null) =>
    errors?.map((error) => {
      const { key, detail } = split(error);
      const message = t(key, { max: MAX_INVITATION_EMAILS, length: MAX_INVITATION_EMAILS });
      return detail === null ? message : t("members:invite.addressError", { email: detail, message });
    });
  const formErrors = (errors?: string[] | null) =>
    errors?.map((error) => {
      const { key, detail } = split(error);
      return t(key, { email: detail ?? "", max: MAX_INVITATION_EMAILS });
    });
  return { fieldErrors, formErrors };
}
