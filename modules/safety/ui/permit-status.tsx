import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDateTime } from "~/app/utils/format";
import type { Locale } from "~/server/i18n/locale";
import type { PermitStatus, PermitType, PermitValidity } from "../domain/permit-workflow";
import { PERMIT_STATUS_TONES, PERMIT_TYPE_TONES, PERMIT_VALIDITY_TONES } from "../server/permit-basics";

/** The permit pages' texts (messages from the server included) and badges: all the register needs. */
export function usePermitText() {
  return usePageText(["safety", "common"]);
}

export function PermitStatusBadge({ status }: { status: PermitStatus }) {
  const { t } = usePermitText();
  return <StatusBadge tone={PERMIT_STATUS_TONES[status]}>{t(`safety:permit.status.${status}`)}</StatusBadge>;
}

export function PermitValidityBadge({ validity }: { validity: PermitValidity }) {
  const { t } = usePermitText();
  return (
    <StatusBadge tone={PERMIT_VALIDITY_TONES[validity]}>
      {t(`safety:permit.validity.${validity}`)}
    </StatusBadge>
  );
}

export function PermitTypeBadge({ type }: { type: PermitType }) {
  const { t } = usePermitText();
  return <StatusBadge tone={PERMIT_TYPE_TONES[type]}>{t(`safety:permit.type.${type}`)}</StatusBadge>;
}

/** "26 Nov 2026, 07:00 – 27 Nov 2026, 17:00" on the project's clock (decision 029). */
export function formatPermitPeriod(from: string, to: string, locale: Locale, timeZone: string) {
  return `${formatDateTime(from, locale, timeZone)} – ${formatDateTime(to, locale, timeZone)}`;
}
