// What D1 answers for a search plan, simulated over the real catalogue (same patterns, order, limits).
import type { Catalogue } from "../../migrations/seed/catalogue.ts";
import { compareNames, matchTier, searchPlan, SEARCH_LIMIT, type SearchCandidate } from "~/domain/search";

function like(pattern: string): RegExp {
  const body = pattern.replace(/%/g, ".*").replace(/_/g, ".");
  return new RegExp(`^${body}$`);
}

export function simulateSearch(catalogue: Catalogue, query: string): { direct: SearchCandidate[]; fuzzy: SearchCandidate[] } {
  const plan = searchPlan(query);
  if (!plan) return { direct: [], fuzzy: [] };
  const rows = catalogue.skins.map(({ id, name, searchKey }) => ({ id, name, searchKey }));
  const direct = rows
    .filter((row) => plan.directPatterns.every((p) => like(p).test(row.searchKey)))
    .sort((a, b) => matchTier(a.searchKey, plan.terms.key) - matchTier(b.searchKey, plan.terms.key) || compareNames(a.name, b.name))
    .slice(0, SEARCH_LIMIT);
  const matchesGroup = (key: string) => (group: RegExp[]) => group.every((r) => r.test(key));
  const fuzzyGroups = plan.fuzzyPatterns.map((group) => group.map(like));
  const typoGroups = plan.typoPatterns.map((group) => group.map(like));
  const guarded = (key: string) => plan.typoGuard.every((parts) => parts.some((part) => key.includes(part)));
  const fuzzy = rows
    .filter((row) => fuzzyGroups.some(matchesGroup(row.searchKey)) || (guarded(row.searchKey) && typoGroups.some(matchesGroup(row.searchKey))))
    .sort((a, b) => compareNames(a.name, b.name))
    .slice(0, 400);
  return { direct, fuzzy };
}
