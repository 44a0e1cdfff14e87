import { createContext } from 'react';
import type { RouteData } from '../lib/route-data.js';

/** What a route tells the shared layout about itself (its `handle`, web/lib/routing.tsx). */
export type RouteHandle = {
  /** The screen's title; the document title becomes "{title} · Pathway". */
  title?: string;
  /**
   * On the applicant's translated screens: the title's key in their catalogue (web/cases/locales),
   * so the document title is in the page's language; `title` stays the English one.
   */
  titleKey?: string;
  /** The page sets the document title itself, in the visitor's language ("page not found"). */
  titledByPage?: true;
  /** The queries its page reads as it opens, started beside the download of its code (web/lib/route-data.ts). */
  data?: RouteData;
};

/** The deepest route that names a title: the screen's. */
export const deepestTitled = (handles: (RouteHandle | undefined)[]): RouteHandle | undefined =>
  handles.filter((handle) => handle?.title !== undefined).at(-1);

/** The document title of a screen's title. */
export const documentTitle = (title: string | undefined) => (title ? `${title} · Pathway` : 'Pathway');

/** The current screen's handle, for a shell that titles its screens in their language. */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);
