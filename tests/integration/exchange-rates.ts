// A stand-in for the European Central Bank's eurofxref-daily.xml, started in Node by Vitest's
// globalSetup. The rates job under test fetches /eurofxref-daily.xml; tests steer it through
// POST /__control: { body: "<xml...>" } is what it serves next, { status: 503 } answers that.
// tests/fixtures/ecb-rates.ts writes documents of the ECB's shape.
import { startStandIn } from "./stand-in";

/** Listens on EXCHANGE_RATES_PORT (the Vitest config picks a free one, so checkouts can run at once). */
export default async function setup(): Promise<() => Promise<void>> {
  let body = "";
  let status = 200;
  return startStandIn(Number(process.env.EXCHANGE_RATES_PORT ?? 8893), (request, requestBody, response) => {
    if (request.url === "/__control") {
      const control = JSON.parse(requestBody) as { body?: string; status?: number };
      body = control.body ?? body;
      status = control.status ?? 200;
      response.end("ok");
      return;
    }
    if (request.url !== "/eurofxref-daily.xml") {
      response.statusCode = 404;
      response.end("Not Found");
      return;
    }
    response.statusCode = status;
    response.setHeader("Content-Type", "text/xml");
    response.end(status === 200 ? body : "Service Unavailable");
  });
}
