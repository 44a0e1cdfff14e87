/**
 * The areas of the web app. Each has its own route table, shell and pages; the browser downloads
 * an area's route table with its first page, and the server names that download in the page it
 * sends, so both ask this module which area an address belongs to. The case tracking's applicants
 * (`cases`) and its staff (`caseadmin`) are two: neither downloads the other's routes (issue 42).
 */
export type WebArea = 'cases' | 'caseadmin' | 'lms' | 'network';

// The first path segments of each area's routes, without case as the router matches them (web/lib/routing.tsx).
// Every other address is the network's, which also answers the unknown ones.
const areaPrefixes: [WebArea, RegExp][] = [
  ['cases', /^\/casetracking(\/|$)/i],
  ['caseadmin', /^\/caseadmin(\/|$)/i],
  ['lms', /^\/(lms-system|lmsprofile|lmsjourney|courses|exam)(\/|$)/i],
];

/** Which area's route table answers this path (test/platform/web-areas.test.ts holds every route to it). */
export function webAreaOf(pathname: string): WebArea {
  return areaPrefixes.find(([, prefix]) => prefix.test(pathname))?.[0] ?? 'network';
}
