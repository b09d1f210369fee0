"use client";
/**
 * Email + 'Start Learning': opens signup with the address filled in. The visitors' page keeps its
 * JavaScript small: one field needs no form library nor zod (lib/validation/email.ts checks it),
 * and the server renders the button and the input's classes, so no class merging ships either.
 */
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { checkEmail } from "@/lib/validation/email";

/** The words come from the server (the visitor's language), so the page ships no catalogue. */
export function StartLearningForm({
  label,
  placeholder,
  invalidEmail,
  inputClassName,
  submit,
}: {
  label: string;
  placeholder: string;
  invalidEmail: string;
  inputClassName: string;
  submit: ReactNode;
}) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  // As a form library does: checked on submit, then again on every change once a submit failed.
  const [submitted, setSubmitted] = useState(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = checkEmail(input.current?.value ?? "");
    if ("error" in result) {
      setError(invalidEmail);
      input.current?.focus();
      return;
    }
    setError(undefined);
    router.push(`/signup?email=${encodeURIComponent(result.email)}`);
  }

  function onChange(value: string) {
    if (!submitted) return;
    const result = checkEmail(value);
    setError("error" in result ? invalidEmail : undefined);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="w-full max-w-md">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="landing-email" className="sr-only">
          {label}
        </label>
        <input
          ref={input}
          id="landing-email"
          name="email"
          type="email"
          data-slot="input"
          autoComplete="email"
          placeholder={placeholder}
          aria-invalid={!!error}
          aria-describedby={error ? "landing-email-error" : undefined}
          className={inputClassName}
          onChange={(event) => onChange(event.target.value)}
        />
        {submit}
      </div>
      {error ? (
        <p id="landing-email-error" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
