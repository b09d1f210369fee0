"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRight } from "lucide-react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { landingEmailSchema } from "@/lib/validation/auth";

type LandingEmail = z.infer<typeof landingEmailSchema>;

/** Email + 'Start Learning': opens signup with the address filled in. */
export function StartLearningForm() {
  const router = useRouter();
  const form = useForm<LandingEmail>({ resolver: zodResolver(landingEmailSchema), defaultValues: { email: "" } });
  const error = form.formState.errors.email?.message;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ email }) => router.push(`/signup?email=${encodeURIComponent(email)}`))}
      className="w-full max-w-md"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="landing-email" className="sr-only">
          Email address
        </label>
        <Input
          id="landing-email"
          type="email"
          autoComplete="email"
          placeholder="Enter your email"
          aria-invalid={!!error}
          aria-describedby={error ? "landing-email-error" : undefined}
          className="h-12 bg-background text-base"
          {...form.register("email")}
        />
        <Button type="submit" size="lg" className="h-12 shrink-0">
          Start Learning
          <ArrowRight aria-hidden />
        </Button>
      </div>
      {error ? (
        <p id="landing-email-error" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
