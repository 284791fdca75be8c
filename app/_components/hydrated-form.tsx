"use client";
import { useSyncExternalStore, type ComponentProps } from "react";

const never = () => () => {};

/**
 * A <form> whose controls stay disabled until React has hydrated it. Before that, its submit handler is not attached
 * (a click would send the browser's own GET and save nothing) and text typed into a field can be overwritten when
 * hydration reaches it. Server HTML and the hydration pass say "not yet"; the render right after says "ready". On a
 * client-side navigation the form is ready at once. `data-ready` says which, as the labeller's does.
 */
export function HydratedForm({ children, ...props }: ComponentProps<"form">) {
  const ready = useSyncExternalStore(never, () => true, () => false);
  return (
    <form {...props} data-ready={ready}>
      <fieldset className="form-contents" disabled={!ready}>
        {children}
      </fieldset>
    </form>
  );
}
