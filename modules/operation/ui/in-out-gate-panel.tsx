import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { formatDate } from "~/app/utils/format";
import { useInOutText } from "./in-out-text";

export type GateShown = { gateId: string; path: string; qr: string; expiresAt: string } | null;

/**
 * The gate's QR code on the In/Out page (for those who may sign people in): print it for the gate; a worker
 * scans it with their own phone. New code stops the old one; End code stops it.
 */
export function GatePanel({ gate }: { gate: GateShown }) {
  const { t, locale } = useInOutText();
  return (
    <section
      aria-labelledby="in-out-gate"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="in-out-gate" className="text-base font-semibold text-slate-900">
        {t("operation:inout.gate.title")}
      </h2>
      {gate ? (
        <div className="flex flex-wrap items-start gap-4">
          <img
            src={gate.qr}
            alt={t("operation:inout.gate.qrAlt")}
            className="h-48 w-48 border border-slate-200"
          />
          <div className="min-w-0 flex-1 space-y-2 text-sm">
            <p className="text-slate-700">{t("operation:inout.gate.intro")}</p>
            <p>
              <a href={gate.path} className="break-all text-brand-700 underline">
                {t("operation:inout.gate.open")}
              </a>
            </p>
            <p className="text-xs text-slate-500">
              {t("operation:inout.gate.expires", { date: formatDate(gate.expiresAt, locale) })}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="gate-revoke" />
              <input type="hidden" name="gateId" value={gate.gateId} />
              <Button type="submit" size="sm" variant="secondary">
                {t("operation:inout.gate.revoke")}
              </Button>
            </Form>
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t("operation:inout.gate.none")}</p>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="gate-open" />
        <Button type="submit" size="sm">
          {t(gate ? "operation:inout.gate.renew" : "operation:inout.gate.show")}
        </Button>
      </Form>
    </section>
  );
}
