/** What a route tells the shared layout about itself (React Router `handle`). */
export type RouteHandle = {
  /** The screen's title; the document title becomes "{title} · Pathway". */
  title?: string;
};
