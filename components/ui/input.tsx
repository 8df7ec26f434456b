import type { ComponentProps } from "react";
import { withInputClass } from "./styles";

/**
 * A text input of the kit (text, email, search, date, …): the shared input style, extra classes
 * after it. File inputs, checkboxes and radios are styled on their own.
 */
export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input {...props} className={withInputClass(className)} />;
}

/** A multi-line text input in the style of Input. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea {...props} className={withInputClass(className)} />;
}
