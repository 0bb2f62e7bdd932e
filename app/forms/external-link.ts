import { z } from "zod";
import { isExternalLink, LINK_RULE, MAX_LINK_LENGTH } from "~/domain/external-links";

/** An optional link out (a craft's external link, a sticker's market link), in both craft forms. */
export const externalLinkField = z.string().trim().max(MAX_LINK_LENGTH, LINK_RULE).refine(isExternalLink, LINK_RULE).optional();
