/**
 * Writes lib/class-groups.ts: the Tailwind class groups `cn` resolves conflicts in, cut down to the
 * classes this codebase writes.
 *
 * tailwind-merge's default configuration knows every Tailwind utility and weighs 6 KB gzip on each
 * page that calls `cn`; building its class map costs a phone tens of milliseconds. Tailwind only
 * generates CSS for class names written out in full in the source, so the classes `cn` can meet
 * are the ones found here. This script reads them from app/, components/ and lib/, looks each up
 * in the full configuration, and writes the groups that can hold a conflict, with the conflicts
 * between them, as plain data. `cn` runs tailwind-merge's engine on that data.
 *
 * `verifyClassGroups` checks that a configuration puts every source class in the group the full
 * one does; the unit test runs it on lib/class-groups.ts, and fails while the file is stale.
 * The lookups come from tailwind-merge's `unstable-do-not-import` entry: if an upgrade changes
 * them, this script and its test fail rather than write wrong groups.
 *
 *   npm run classes          rewrite lib/class-groups.ts
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { getDefaultConfig } from "tailwind-merge";
import { createClassGroupUtils, createParseClassName } from "tailwind-merge/unstable-do-not-import";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIRS = ["app", "components", "lib"];
const OUTPUT = join(root, "lib", "class-groups.ts");

function sourceFiles(dir, files = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, files);
    else if (/\.(ts|tsx|mjs)$/.test(name) && path !== OUTPUT) files.push(path);
  }
  return files;
}

/**
 * Every word of the source that could be a Tailwind class: the words of each string literal, and
 * the words between quotes, braces and spaces (a class in a template literal's inner string).
 */
export function sourceClassNames() {
  const names = new Set();
  const add = (word) => {
    if (/^[!a-z@[(*-][^\s"'`${}]*$/.test(word) && word.length < 120) names.add(word);
  };
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(root, dir))) {
      const source = readFileSync(file, "utf8");
      for (const literal of source.matchAll(/(["'`])((?:(?!\1)[^\n\\])*)\1/g)) literal[2].split(/\s+/).forEach(add);
      source.split(/[\s"`{}$;]+/).forEach(add);
    }
  }
  return [...names].sort();
}

const fullConfig = getDefaultConfig();
const full = { ...createClassGroupUtils(fullConfig), parse: createParseClassName(fullConfig) };

/**
 * The group tailwind-merge puts a class in, and the part of the class it looked up (without
 * variants, `!`, a leading `-` or a postfix such as `/50`), as its merge does.
 */
function lookUp(utils, className) {
  const { isExternal, baseClassName, maybePostfixModifierPosition } = full.parse(className);
  if (isExternal) return undefined;
  const unsigned = (name) => name.replace(/^-(?=.)/, "");
  if (maybePostfixModifierPosition) {
    const withoutPostfix = baseClassName.substring(0, maybePostfixModifierPosition);
    const group = utils.getClassGroupId(withoutPostfix);
    const postfixGroup = group && fullConfig.postfixLookupClassGroups?.includes(group) ? utils.getClassGroupId(baseClassName) : undefined;
    if (postfixGroup && postfixGroup !== group) return { group: postfixGroup, name: unsigned(baseClassName) };
    if (group) return { group, name: unsigned(withoutPostfix) };
  }
  const group = utils.getClassGroupId(baseClassName);
  return group ? { group, name: unsigned(baseClassName) } : undefined;
}

/**
 * The groups of the full configuration that a source class can meet a conflict in: a group with
 * two or more of the source's classes (`mt-1` and `-mt-1`, `bg-card` and `bg-card/50` count as
 * two), or one in conflict with another group the source uses. A group with one class can only
 * meet that class again, which both merges leave looking the same. Returns the tailwind-merge
 * configuration over those groups, the rest of it the default's.
 */
export function deriveClassGroups(classNames = sourceClassNames()) {
  /** Per group: the names its definition lists, and the distinct classes (with sign and postfix) seen. */
  const present = new Map();
  for (const className of classNames) {
    const found = lookUp(full, className);
    if (!found) continue;
    if (!present.has(found.group)) present.set(found.group, { names: new Set(), forms: new Set() });
    present.get(found.group).names.add(found.name);
    present.get(found.group).forms.add(full.parse(className).baseClassName);
  }
  const conflictsOf = (group) => (fullConfig.conflictingClassGroups[group] ?? []).filter((g) => present.has(g));
  const conflicted = new Set([...present.keys()].flatMap(conflictsOf));
  const classGroups = {};
  const conflictingClassGroups = {};
  for (const [group, { names, forms }] of [...present].sort(([a], [b]) => a.localeCompare(b))) {
    if (forms.size < 2 && conflictsOf(group).length === 0 && !conflicted.has(group)) continue;
    classGroups[group] = [...names].sort();
  }
  for (const group of Object.keys(classGroups)) {
    const conflicts = conflictsOf(group);
    if (conflicts.length > 0) conflictingClassGroups[group] = conflicts;
  }
  const conflictingClassGroupModifiers = {};
  for (const [group, conflicts] of Object.entries(fullConfig.conflictingClassGroupModifiers)) {
    const kept = conflicts.filter((g) => g in classGroups);
    if (group in classGroups && kept.length > 0) conflictingClassGroupModifiers[group] = kept;
  }
  return {
    cacheSize: fullConfig.cacheSize,
    theme: {},
    classGroups,
    conflictingClassGroups,
    conflictingClassGroupModifiers,
    postfixLookupClassGroups: fullConfig.postfixLookupClassGroups ?? [],
    orderSensitiveModifiers: fullConfig.orderSensitiveModifiers,
  };
}

/**
 * Source classes a configuration places differently from the full one, as
 * `[class, full group, our group]`. Groups and conflicts decide every merge, so a class placed in
 * the same group, with the same conflicts, merges the same.
 */
export function verifyClassGroups(config, classNames = sourceClassNames()) {
  const ours = createClassGroupUtils(config);
  const differences = [];
  for (const className of classNames) {
    const expected = lookUp(full, className)?.group;
    const actual = lookUp(ours, className)?.group;
    const relevant = expected !== undefined && expected in config.classGroups ? expected : undefined;
    if (relevant !== actual) differences.push([className, String(relevant), String(actual)]);
  }
  for (const group of Object.keys(config.classGroups)) {
    const expected = (fullConfig.conflictingClassGroups[group] ?? []).filter((g) => g in config.classGroups);
    const actual = ours.getConflictingClassGroupIds(group, false);
    if (expected.join() !== actual.join()) differences.push([`conflicts of ${group}`, expected.join(), actual.join()]);
  }
  return differences;
}

const list = (values) => `[${values.map((v) => JSON.stringify(v)).join(", ")}]`;

/** `["bg-card", "bg-muted", "flex"]` as `[{ bg: ["card", "muted"] }, "flex"]`, tailwind-merge's shorthand. */
function compact(names) {
  const byPrefix = new Map();
  const plain = [];
  for (const name of names) {
    const dash = name.indexOf("-");
    if (dash <= 0) {
      plain.push(name);
      continue;
    }
    const prefix = name.slice(0, dash);
    if (!byPrefix.has(prefix)) byPrefix.set(prefix, []);
    byPrefix.get(prefix).push(name.slice(dash + 1));
  }
  const key = (k) => (/^[a-z_$][\w$]*$/i.test(k) ? k : JSON.stringify(k));
  const objects = [...byPrefix].map(([prefix, rests]) => `{ ${key(prefix)}: ${list(rests)} }`);
  return `[${[...objects, ...plain.map((p) => JSON.stringify(p))].join(", ")}]`;
}

/** lib/class-groups.ts for a configuration. */
export function renderClassGroups(config) {
  const entries = (record, format) =>
    Object.entries(record)
      .map(([key, values]) => `  ${JSON.stringify(key)}: ${format(values)},`)
      .join("\n");
  return `// Written by scripts/class-groups.mjs from the classes in app/, components/ and lib/: run
// \`npm run classes\` after adding a class. Each group lists classes that replace
// each other, in tailwind-merge's notation; each conflict lists the groups a later class of the
// key's group replaces. The rest is tailwind-merge's default.
import type { Config } from "tailwind-merge";

export const classMergeConfig: Config<string, string> = {
  cacheSize: ${config.cacheSize},
  theme: {},
  classGroups: {
${entries(config.classGroups, compact).replace(/^/gm, "  ")}
  },
  conflictingClassGroups: {
${entries(config.conflictingClassGroups, list).replace(/^/gm, "  ")}
  },
  conflictingClassGroupModifiers: {
${entries(config.conflictingClassGroupModifiers, list).replace(/^/gm, "  ")}
  },
  postfixLookupClassGroups: ${list(config.postfixLookupClassGroups)},
  orderSensitiveModifiers: ${list(config.orderSensitiveModifiers)},
};
`;
}

export const classGroupsFile = OUTPUT;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const config = deriveClassGroups();
  writeFileSync(OUTPUT, renderClassGroups(config));
  const differences = verifyClassGroups(config);
  const count = Object.values(config.classGroups).flat().length;
  console.log(`${Object.keys(config.classGroups).length} groups of ${count} classes written to lib/class-groups.ts`);
  if (differences.length > 0) {
    console.error(differences.slice(0, 20));
    process.exitCode = 1;
  }
}
