import { createHash } from 'node:crypto';

/**
 * Dark mode before the first paint: the member's choice (`darkMode` in local storage, as
 * web/lib/dark-mode.ts keeps it), else the system's. The first script of every page's head, so HTML
 * rendered on the server (first-pages.ts) never flashes light first; the pages' content security
 * policy allows this one inline script by its hash.
 */
export const THEME_SCRIPT =
  "try{var d=localStorage.getItem('darkMode');if(d==='true'||(d!=='false'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}";
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
