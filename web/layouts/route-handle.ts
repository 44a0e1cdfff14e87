/** What a route tells the shared layout about itself (React Router `handle`). */
export type RouteHandle = {
  /** The spec hides the top navigation on `/`, the redirect route and the LMS login. */
  hideTopNav?: boolean;
  /** Shows the network's profile entry (loaded lazily, so other areas never download it). */
  profileMenu?: boolean;
};
