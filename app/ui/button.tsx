import { forwardRef } from "react";
import { cn } from "./cn";

// The looks are classes in app.css (.btn, .btn-<variant>, .btn-<size>): a page has many buttons and links
// styled as buttons, and one short class each keeps the markup small. A className given alongside wins
// over them (utilities come after components).
const variants = ["primary", "secondary", "danger", "ghost", "link"] as const;
const sizes = ["sm", "md", "lg"] as const;

type Variant = (typeof variants)[number];
type Size = (typeof sizes)[number];

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
};

export const buttonClass = (variant: Variant = "primary", size: Size = "md") =>
  cn("btn", `btn-${variant}`, variant !== "link" && `btn-${size}`);

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = "primary",
    size = "md",
    loading = false,
    className,
    children,
    disabled,
    type = "button",
    ...props
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClass(variant, size), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <span
          aria-hidden
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {children}
    </button>
  );
});

/**
 * A button that carries a form intent (conform's add and remove row buttons): those props name no type, and a
 * Button's default (button) would never submit, so the intent would never reach conform or the server.
 */
export const FormIntentButton = forwardRef<HTMLButtonElement, Omit<ButtonProps, "type">>(
  function FormIntentButton(props, ref) {
    return <Button ref={ref} {...props} type="submit" />;
  },
);
