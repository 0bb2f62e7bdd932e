// The client build's files for each lazy part (scripts/part-chunks-plugin.ts).
declare module "virtual:part-chunks" {
  const files: Record<string, string[]>;
  export default files;
}
