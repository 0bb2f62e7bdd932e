import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// Remix's flat file-name routing (app/routes/), declared through the route config of Remix v3.
export default flatRoutes() satisfies RouteConfig;
