import { createHash } from 'node:crypto';

/**
 * Dark mode before the first paint: the member's choice (`darkMode` in local storage, as
 * web/lib/dark-mode.ts keeps it), else the system's. So HTML rendered on the server (first-pages.ts)
 * never flashes light first.
 */
const THEME =
  "try{var d=localStorage.getItem('darkMode');if(d==='true'||(d!=='false'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}";

/**
 * Taps and choices before hydration (decision 032): a page drawn on the server shows its buttons,
 * forms and selects before its JavaScript has taken them over, and on a slow phone a tap there would
 * do nothing (the dark-mode toggle) or send a form the browser's way (a sign-in form without an
 * action would put the password in the address). Until React has taken an element over (it then
 * carries React's props), a click on a `type=button` button, a submit of a form without its own
 * `action`, and a change of a select are held in `window.__heldInput`; web/lib/held-input.ts does
 * them again once the page is hydrated, with what was typed meanwhile (the fields keep it). A form
 * with an action (the tracker's POST /casetracking) goes as a plain form submission.
 */
const HELD_INPUT =
  "(function(){window.__heldInput=[];function h(k,e){var t=e.target;if(!(t instanceof Element)||!t.closest('#root'))return;var el=k==='submit'?t:k==='click'?t.closest('button'):t.closest('select');if(!el||(k==='click'&&el.type!=='button')||(k==='submit'&&el.hasAttribute('action')))return;if(Object.keys(el).some(function(p){return p.indexOf('__reactProps')===0}))return;if(k!=='change')e.preventDefault();e.stopPropagation();window.__heldInput.push({kind:k,element:el})}['click','submit','change'].forEach(function(k){document.addEventListener(k,function(e){h(k,e)},true)})})();";

/**
 * A first page's code after its first paint (first-pages.ts): the files `#page-code` lists (the
 * entry first, then the chunks to download beside it) are asked for once the parsed page has been
 * painted (the task after the frame's `requestAnimationFrame`), so on a slow line the first paint
 * shares it with nothing. A page in a background tab, which paints nothing, asks at once. A page
 * without `#page-code` (the client-rendered ones) loads its code from index.html's own tags.
 */
const PAGE_CODE =
  "document.addEventListener('DOMContentLoaded',function(){var c=document.getElementById('page-code');if(!c)return;function l(){JSON.parse(c.textContent).forEach(function(u,i){var e=document.createElement(i?'link':'script');if(i){e.rel='modulepreload';e.href=u}else{e.type='module';e.src=u}e.crossOrigin='';document.head.appendChild(e)})}if(document.visibilityState==='hidden')l();else requestAnimationFrame(function(){setTimeout(l,0)})});";

/** The first script of every page's head; the pages' content security policy allows it by its hash. */
export const HEAD_SCRIPT = THEME + HELD_INPUT + PAGE_CODE;
export const HEAD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;
