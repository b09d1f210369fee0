"use client";
/** The home screen's category filter: 'All' plus one button per category; scrolls sideways on small screens. */
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCategories } from "@/lib/data/use-categories";

export function CategoryStrip({ selected, onSelect }: { selected: number | undefined; onSelect: (id: number | undefined) => void }) {
  const categories = useCategories();
  const t = useTranslations("home");
  return (
    <nav aria-label={t("categories")} className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-2">
        <li>
          <CategoryButton active={selected === undefined} onClick={() => onSelect(undefined)}>
            {t("allCategories")}
          </CategoryButton>
        </li>
        {categories.isLoading
          ? Array.from({ length: 5 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-9 w-24 rounded-full" data-testid="category-skeleton" />
              </li>
            ))
          : (categories.data ?? []).map((category) => (
              <li key={category.id}>
                <CategoryButton active={selected === category.id} onClick={() => onSelect(category.id)}>
                  {category.name}
                </CategoryButton>
              </li>
            ))}
      </ul>
    </nav>
  );
}

function CategoryButton({ active, onClick, children }: { active: boolean; onClick: () => void; children: string }) {
  return (
    <Button type="button" size="sm" variant={active ? "default" : "outline"} aria-pressed={active} onClick={onClick} className="h-9 rounded-full px-4">
      {children}
    </Button>
  );
}
