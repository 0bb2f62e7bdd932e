import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalDocument, legalMeta } from "~/components/LegalDocument";
import { termsOfService } from "~/content/legal";
import { legalPageData } from "~/server/features/legal-page.server";

export function loader({ request }: LoaderFunctionArgs) {
  return legalPageData(request, termsOfService);
}

export default function TermsOfServicePage() {
  const { lang, text, unsupportedLanguage } = useLoaderData<typeof loader>();
  return <LegalDocument text={text} lang={lang} unsupportedLanguage={unsupportedLanguage} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? legalMeta(matches, data.text, data.lang, location.pathname) : []);
