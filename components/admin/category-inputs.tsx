"use client";
/**
 * Category inputs of the admin forms: the chosen category (single), the video's categories
 * (several, 'N categories selected'), and creating a category in place (SPEC §2, §4, §5).
 */
import { Plus } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useId, useState, type ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MultiSelect } from "@/components/ui/multi-select";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import type { Category } from "@/lib/types/api";
import { useCreateCategory } from "@/lib/data/use-create-category";

const NONE = "none";

export function CategorySelect({
  categories,
  value,
  onChange,
  ...trigger
}: { categories: Category[]; value: number | null; onChange: (id: number | null) => void } & Omit<ComponentProps<typeof SelectTrigger>, "value" | "onChange">) {
  const t = useTranslations("admin.fields");
  const chosen = categories.find((c) => c.id === value);
  return (
    <Select value={chosen ? String(chosen.id) : NONE} onValueChange={(v) => onChange(v === NONE ? null : Number(v))}>
      <SelectTrigger className="w-full" {...trigger}>
        {/* Named explicitly so the server-rendered page already shows the choice. */}
        <SelectValue>{chosen ? chosen.name : t("noCategory")}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NONE}>{t("noCategory")}</SelectItem>
        {categories.map((c) => (
          <SelectItem key={c.id} value={String(c.id)}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function CategoriesMultiSelect({
  categories,
  value,
  onChange,
  ...props
}: { categories: Category[]; value: number[]; onChange: (ids: number[]) => void } & Omit<
  ComponentProps<typeof MultiSelect>,
  "options" | "value" | "onValueChange"
>) {
  const t = useTranslations("admin.fields");
  return (
    <MultiSelect
      options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
      value={value.map(String)}
      onValueChange={(ids) => onChange(ids.map(Number))}
      placeholder={t("chooseCategories")}
      summary={(selected) => t("categoriesSelected", { count: selected.length })}
      emptyText={t("noCategoriesYet")}
      listLabel={t("categories")}
      {...props}
    />
  );
}

/** A name and a Create button (disabled while the name is blank); Enter creates too. */
export function NewCategoryField({ onCreated }: { onCreated: (category: Category) => void }) {
  const t = useTranslations("admin.fields");
  const id = useId();
  const [name, setName] = useState("");
  const create = useCreateCategory();
  const blank = name.trim().length === 0;

  async function submit() {
    if (blank || create.isPending) return;
    try {
      const category = await create.mutateAsync(name);
      setName("");
      onCreated(category);
    } catch {
      // The toast says why; the name stays for another try.
    }
  }

  return (
    <div className="grid gap-2" data-testid="new-category">
      <Label htmlFor={id}>{t("newCategory")}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={name}
          maxLength={60}
          placeholder={t("newCategoryPlaceholder")}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            // Enter creates the category; it must not submit the form around it.
            if (event.key === "Enter") {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <Button type="button" variant="outline" disabled={blank || create.isPending} onClick={() => void submit()}>
          {create.isPending ? <Spinner label={t("creatingCategory")} /> : <Plus aria-hidden />}
          {t("createCategory")}
        </Button>
      </div>
    </div>
  );
}
