import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { CookieManagement } from "~/components/CookieManagement";
import { LegalDocument, legalMeta } from "~/components/LegalDocument";
import { cookieSettings } from "~/content/legal";
import { legalPageData } from "~/server/features/legal-page.server";
import type { loader as rootLoader } from "~/root";

export function loader({ request }: LoaderFunctionArgs) {
  return legalPageData(request, cookieSettings);
}

export default function CookieSettingsPage() {
  const { lang, text, unsupportedLanguage } = useLoaderData<typeof loader>();
  // The stored choice comes with the shell's data (root loader); this page reads nothing more.
  const consent = useRouteLoaderData<typeof rootLoader>("root")?.cookieConsent ?? null;
  return (
    <LegalDocument text={text} lang={lang} unsupportedLanguage={unsupportedLanguage}>
      <CookieManagement consent={consent} lang={lang} />
    </LegalDocument>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? legalMeta(matches, data.text, data.lang, location.pathname) : []);
