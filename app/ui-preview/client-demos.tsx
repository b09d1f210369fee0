"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

import { Button } from "@/components/ui/button";
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";

const previewSchema = z.object({
  email: z.email("Please enter a valid email address"),
  dailyGoal: z.number().int().min(1, "At least 1 minute").max(480, "At most 480 minutes"),
  reminders: z.boolean(),
});

type PreviewValues = z.infer<typeof previewSchema>;

export function FormDemo() {
  const form = useForm<PreviewValues>({
    resolver: zodResolver(previewSchema),
    defaultValues: { email: "not-an-email", dailyGoal: 30, reminders: true },
  });

  // Validate the e-mail up front so the preview shows the error styling.
  useEffect(() => {
    void form.trigger("email");
  }, [form]);

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) =>
          toast.success("Settings saved", { description: `Daily goal: ${values.dailyGoal} min` }),
        )}
      >
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="dailyGoal"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Daily goal (minutes)</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  inputMode="numeric"
                  {...field}
                  onChange={(e) => field.onChange(e.target.valueAsNumber)}
                />
              </FormControl>
              <FormDescription>Between 1 and 480 minutes a day.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="reminders"
          render={({ field }) => (
            <FormItem className="flex items-center justify-between rounded-lg border p-3">
              <FormLabel>Daily reminders</FormLabel>
              <FormControl>
                <Switch checked={field.value} onCheckedChange={field.onChange} />
              </FormControl>
            </FormItem>
          )}
        />
        <Button type="submit" className="justify-self-start">
          Save
        </Button>
      </form>
    </Form>
  );
}

export function ToastDemo() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => toast("Video added", { description: "We are preparing the captions." })}
      >
        Default toast
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => toast.success("Correct!", { description: "+10 XP" })}
      >
        Success
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => toast.error("Something went wrong", { description: "Please try again." })}
      >
        Error
      </Button>
    </div>
  );
}
