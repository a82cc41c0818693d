import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import SignaturePadEngine from "signature_pad";
import { Button } from "./button";
import { cn } from "./cn";
import { ErrorList } from "./field";

/** Spec 9: stroke 0.5–2.5, 16 ms throttle, 5 px minimum distance, black on white. */
export const SIGNATURE_PAD_OPTIONS = {
  minWidth: 0.5,
  maxWidth: 2.5,
  throttle: 16,
  minDistance: 5,
  backgroundColor: "rgb(255, 255, 255)",
  penColor: "rgb(0, 0, 0)",
} as const;

type SignaturePadProps = {
  label: string;
  /** The hidden input that receives the drawing as a PNG data URL ("" when blank). */
  name: string;
  /** The text input for signing by typing one's name; defaults to `${name}TypedName`. */
  typedName?: string;
  /** The typed name to show again (after a refused submit, or the signed-in user's name). */
  defaultTypedName?: string;
  height?: number;
  disabled?: boolean;
  errors?: string[] | null;
  onChange?: (dataUrl: string) => void;
  className?: string;
};

/**
 * A drawn signature. Drawing needs a pointer and JavaScript, so a typed full name is always offered
 * as well: keyboard and screen-reader users sign that way, and the server accepts either.
 */
export function SignaturePad({
  label,
  name,
  typedName,
  defaultTypedName,
  height = 180,
  disabled,
  errors,
  onChange,
  className,
}: SignaturePadProps) {
  const { t } = useTranslation("ui");
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadEngine | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [dataUrl, setDataUrl] = useState("");
  const errorId = errors?.length ? `${id}-error` : undefined;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadEngine(canvas, SIGNATURE_PAD_OPTIONS);
    padRef.current = pad;
    const record = () => {
      const url = pad.isEmpty() ? "" : pad.toDataURL();
      setDataUrl(url);
      onChangeRef.current?.(url);
    };
    // The canvas's pixel size must follow its CSS size (100% wide) and the screen density, or strokes
    // land away from the pointer; resizing clears a canvas, so the strokes are redrawn from their data.
    const fitToBox = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      pad.fromData(strokes);
    };
    fitToBox();
    const observer = new ResizeObserver(fitToBox);
    observer.observe(canvas);
    pad.addEventListener("endStroke", record);
    return () => {
      observer.disconnect();
      pad.removeEventListener("endStroke", record);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (disabled) padRef.current?.off();
    else padRef.current?.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    setDataUrl("");
    onChange?.("");
  };

  return (
    <fieldset className={className} aria-describedby={errorId}>
      <legend className="block text-sm font-medium text-slate-800">{label}</legend>
      <div
        className={cn(
          "mt-1 overflow-hidden rounded-md border bg-white",
          errorId ? "border-red-600" : "border-slate-300",
          disabled && "opacity-60",
        )}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={dataUrl ? t("signature.signed") : t("signature.area")}
          className={cn("block w-full touch-none", disabled ? "cursor-not-allowed" : "cursor-crosshair")}
          style={{ height }}
        />
      </div>
      <input type="hidden" name={name} value={dataUrl} />
      <div className="mt-1 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500">{t("signature.instructions")}</p>
        <Button variant="ghost" size="sm" onClick={clear} disabled={disabled || !dataUrl}>
          {t("signature.clear")}
        </Button>
      </div>
      <div className="mt-2">
        <label htmlFor={`${id}-typed`} className="block text-sm text-slate-700">
          {t("signature.typedLabel")}
        </label>
        <input
          id={`${id}-typed`}
          name={typedName ?? `${name}TypedName`}
          defaultValue={defaultTypedName}
          autoComplete="name"
          disabled={disabled}
          className="mt-1 block h-10 w-full rounded-md border border-slate-300 px-3 font-serif text-base italic shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
