// `react-dom` publishes its Node renderer under this path; its types are those of `react-dom/server`.
declare module "react-dom/server.node" {
  export { renderToPipeableStream, renderToString } from "react-dom/server";
}
