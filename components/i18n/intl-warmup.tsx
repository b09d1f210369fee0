/**
 * Starts a throwaway worker that formats a number and a date in the page's language while the page
 * loads. Chromium's first Intl.NumberFormat or Intl.DateTimeFormat in a process sets up ICU's
 * locale data, 30–75 ms on a desktop CPU and several times that on a phone; the worker pays it on
 * another thread, and the process keeps the result, so the first count or date the page renders
 * while hydrating ("This video teaches 12 words.") costs a fraction of a millisecond. A browser
 * without workers, or one that refuses this one, formats as before.
 */
export function IntlWarmup({ locale }: { locale: string }) {
  const language = JSON.stringify(locale);
  const work = `new Intl.NumberFormat(${language}).format(0);new Intl.DateTimeFormat(${language}).format(0);postMessage(0)`;
  const script =
    `try{var u=URL.createObjectURL(new Blob([${JSON.stringify(work)}],{type:"text/javascript"})),w=new Worker(u);` +
    `w.onmessage=function(){w.terminate();URL.revokeObjectURL(u)}}catch(e){}`;
  return <script dangerouslySetInnerHTML={{ __html: script.replace(/</g, "\\u003c") }} />;
}
