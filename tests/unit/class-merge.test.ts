/**
 * `cn` merges with the class groups of lib/class-groups.ts in place of tailwind-merge's full
 * configuration: these check that it merges the source's classes exactly as the full one would,
 * and that the file is current.
 */
import { readFileSync } from "node:fs";
import { clsx } from "clsx";
import fc from "fast-check";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { classMergeConfig } from "@/lib/class-groups";
import { cn } from "@/lib/utils";
// @ts-expect-error: a plain ES module without type declarations
import { classGroupsFile, deriveClassGroups, renderClassGroups, sourceClassNames, verifyClassGroups } from "../../scripts/class-groups.mjs";

const names: string[] = sourceClassNames();
const tailwindClasses = names.filter((name) => twMerge(`${name} ${name}`) === name);

describe("cn", () => {
  it("lets the later of two conflicting classes win, as the components rely on", () => {
    expect(cn("h-10 px-4 py-2 has-[>svg]:px-3", "h-auto py-2")).toBe("px-4 has-[>svg]:px-3 h-auto py-2");
    expect(cn("animate-pulse rounded-md bg-muted-foreground/12", "h-12 rounded-xl")).toBe(
      "animate-pulse bg-muted-foreground/12 h-12 rounded-xl",
    );
    expect(cn("rounded-full bg-primary hover:bg-primary/90", "bg-success")).toBe("rounded-full hover:bg-primary/90 bg-success");
    expect(cn("relative flex size-9 rounded-full", "hidden sm:flex")).toBe("relative size-9 rounded-full hidden sm:flex");
    expect(cn("mx-auto max-w-6xl px-4 sm:px-6", "max-w-7xl")).toBe("mx-auto px-4 sm:px-6 max-w-7xl");
  });

  it("keeps a class that refines an earlier one, and drops it when the broader class comes later", () => {
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("h-4 w-6", "size-8")).toBe("size-8");
  });

  it("leaves classes under different variants, and words that are not classes, alone", () => {
    expect(cn("bg-card hover:bg-muted dark:bg-card/50", "data-video-card")).toBe("bg-card hover:bg-muted dark:bg-card/50 data-video-card");
  });

  it("merges any mix of the source's classes as tailwind-merge's full configuration does", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...tailwindClasses), { minLength: 2, maxLength: 10 }), (classes) => {
        expect(cn(...classes)).toBe(twMerge(clsx(classes)));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("lib/class-groups.ts", () => {
  it("puts every class in the source in the group the full configuration does", () => {
    expect(verifyClassGroups(classMergeConfig, names)).toEqual([]);
  });

  it("is current: `npm run classes` writes it after a class is added", () => {
    expect(readFileSync(classGroupsFile, "utf8"), "lib/class-groups.ts is stale: run `npm run classes`").toBe(
      renderClassGroups(deriveClassGroups(names)),
    );
  });
});
