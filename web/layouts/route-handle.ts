/** What a route tells the shared layout about itself (React Router `handle`). */
export type RouteHandle = {
  /** The spec hides the top navigation on `/`, the redirect route and the LMS login. */
  hideTopNav?: boolean;
};
