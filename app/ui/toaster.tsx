import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner, toast as showToast } from "sonner";

export type ToastMessage = {
  type: "success" | "error" | "info";
  message: string;
  params?: Record<string, string | number>;
};

/** Spec 2: toasts top right, 4000 ms, 3 visible, 14 px apart. */
export const TOAST_OPTIONS = { position: "top-right", duration: 4000, visibleToasts: 3, gap: 14 } as const;

export function Toaster({ toast }: { toast?: ToastMessage | null }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!toast) return;
    const text = t(toast.message, toast.params ?? {}) as string;
    if (toast.type === "success") showToast.success(text);
    else if (toast.type === "error") showToast.error(text);
    else showToast(text);
  }, [toast, t]);
  return <Sonner {...TOAST_OPTIONS} richColors closeButton />;
}
