/**
 * The type check's hold on the catalogues: each language's messages/<locale>.json has exactly
 * English's keys (a missing or an extra one fails `npm run typecheck`). Arguments and untranslated
 * messages are checked by tests/unit/i18n-catalogues.test.ts.
 */
import type de from "@/messages/de.json";
import type en from "@/messages/en.json";
import type es from "@/messages/es.json";
import type fr from "@/messages/fr.json";
import type it from "@/messages/it.json";
import type ja from "@/messages/ja.json";
import type pt from "@/messages/pt.json";
import type sv from "@/messages/sv.json";
import type zh from "@/messages/zh.json";

/** A catalogue's keys, its messages as plain strings. */
type Keys<T> = { [K in keyof T]: T[K] extends string ? string : Keys<T[K]> };
type Same<A, B> = [Keys<A>] extends [Keys<B>] ? ([Keys<B>] extends [Keys<A>] ? true : false) : false;

/** Each is `true` only while that catalogue's keys are English's. */
export type CataloguesMatchEnglish = [
  Same<typeof en, typeof de>,
  Same<typeof en, typeof es>,
  Same<typeof en, typeof fr>,
  Same<typeof en, typeof it>,
  Same<typeof en, typeof ja>,
  Same<typeof en, typeof pt>,
  Same<typeof en, typeof sv>,
  Same<typeof en, typeof zh>,
];
export const cataloguesMatchEnglish: CataloguesMatchEnglish = [true, true, true, true, true, true, true, true];
