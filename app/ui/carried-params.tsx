import { useLocation } from "@remix-run/react";
import { carriedParams } from "./search-params";

/**
 * Hidden inputs that keep the rest of the URL state (search, sort, other filters) when a GET form
 * submits only its own fields.
 */
export function CarriedParams({ owned }: { owned: readonly string[] }) {
  const location = useLocation();
  return (
    <>
      {carriedParams(location.search, owned).map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a param may repeat with the same value; order is the identity
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
