import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CookieManagement } from "~/components/CookieManagement";
import { LegalDocument, legalMeta } from "~/components/LegalDocument";
import { cookieSettings } from "~/content/legal";
import { legalPageData } from "~/server/features/legal-page.server";
import type { loader as rootLoader } from "~/root";

export function loader({ request }: LoaderFunctionArgs) {
  return legalPageData(request);
}

export default function CookieSettingsPage() {
  const { lang, unsupportedLanguage } = useLoaderData<typeof loader>();
  // The stored choice comes with the shell's data (root loader); this page reads nothing more.
  const consent = useRouteLoaderData<typeof rootLoader>("root")?.cookieConsent ?? null;
  return (
    <LegalDocument page={cookieSettings} lang={lang} unsupportedLanguage={unsupportedLanguage}>
      <CookieManagement consent={consent} lang={lang} />
    </LegalDocument>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => legalMeta(matches, cookieSettings, data?.lang ?? "en", location.pathname);
