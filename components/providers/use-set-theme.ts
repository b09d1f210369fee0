"use client";
/**
 * Changes the theme the way a learner expects: at once, without every button and card fading
 * through its colour transition. Only a change the learner makes pays for that: next-themes'
 * own `disableTransitionOnChange` also adds and removes its style sheet as every page hydrates,
 * restyling the whole page twice while a phone is busiest.
 */
import { useTheme } from "next-themes";
import { useCallback } from "react";

const NO_TRANSITIONS = "*,*::before,*::after{transition:none!important}";

export function useSetTheme(): (theme: string) => void {
  const { setTheme } = useTheme();
  return useCallback(
    (theme: string) => {
      const style = document.createElement("style");
      style.textContent = NO_TRANSITIONS;
      document.head.appendChild(style);
      setTheme(theme);
      // next-themes sets the class once React has committed (in an effect): by the next frame.
      // The page is styled with the new class and no transitions, then the sheet goes.
      requestAnimationFrame(() => {
        window.getComputedStyle(document.body).getPropertyValue("color");
        setTimeout(() => style.remove(), 1);
      });
    },
    [setTheme],
  );
}
