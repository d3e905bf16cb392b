import { fold } from './text.ts';

/**
 * Job titles compared across languages by what they say: the rank (a chief officer, a vice president,
 * a head or director, a manager) and the function (sales, operations, revenue...). A translated title
 * may not claim a rank or a function its source does not ("Chief Revenue Officer" for "VP of Sales" or
 * "Leiterin Operations"); generated text may not give anyone a rank of chief officer, vice president
 * or head that no cited fact gives.
 */

export type Rank = 'chief' | 'vp' | 'head' | 'manager' | 'founder';
export type Function = 'sales' | 'operations' | 'revenue' | 'marketing' | 'finance' | 'people' | 'technology' | 'product' | 'customers' | 'logistics' | 'legal' | 'procurement';

/** Folded patterns (regular expressions over the folded title) for each rank, all languages. */
const RANKS: Record<Rank, RegExp> = {
  chief:
    /\b(?:chief\b|ceo\b|cfo\b|cto\b|coo\b|cro\b|cmo\b|cio\b|cpo\b|president\b(?<!vice[- ]president)|prezes|prezeska|geschaftsfuhrer\w*|vorstand\w*|directeur general|directrice generale|pdg|director general|directora general|director ejecutivo|amministratore delegato|diretor executivo|diretora executiva|algemeen directeur|managing director)/,
  vp: /\b(?:vp|svp|evp|vice[- ]president\w*|wiceprezes\w*|vizeprasident\w*|vice-?presidente?|vicepresidente)\b/,
  head: /\b(?:head|director\w*|dyrektor\w*|direktor\w*|leiter\w*|directeur|directrice|direttore|direttrice|diretor\w*|hoofd|bereichsleiter\w*|kierownik\w*|kierowniczk\w*|responsable)\b/,
  manager: /\b(?:manager\w*|kierownik\w*|kierowniczk\w*|menedzer\w*|leiter\w*|responsable|gerente|responsabile|teamleider|teamleiter\w*)\b/,
  founder: /\b(?:founder|co-?founder|zalozyciel\w*|grunder\w*|fondateur|fondatrice|fundador\w*|fondator\w*|oprichter)\b/,
};

const FUNCTIONS: Record<Function, RegExp> = {
  sales: /\b(?:sales|sprzedaz\w*|handlow\w*|vertrieb\w*|verkauf\w*|ventes?|commercial\w*|ventas|comercial\w*|vendite|commerciale|vendas|verkoop|bdr|sdr)\b/,
  operations: /\b(?:operations?|ops|operacj\w*|operacyjn\w*|betrieb\w*|operativ\w*|operaciones|operazioni|operacoes|operatie\w*|operationeel)\b/,
  revenue: /\b(?:revenue|przychod\w*|umsatz\w*|revenus?|ingresos|ricavi|receita|omzet|cro)\b/,
  marketing: /\b(?:marketing\w*|cmo)\b/,
  finance: /\b(?:financ\w*|finans\w*|finanz\w*|finanza|financas|cfo|accounting|ksiegow\w*|buchhaltung)\b/,
  people: /\b(?:hr|human resources|people|talent|personal\w*|kadr\w*|rh|ressources humaines|recursos humanos|risorse umane|personeel)\b/,
  technology: /\b(?:technolog\w*|engineering|technical|it|cto|cio|inzynier\w*|techni\w*|entwicklung|ingenierie|ingenieria|ingegneria|engenharia|techniek|software)\b/,
  product: /\b(?:product|produkt\w*|produit|producto|prodotto|produto)\b/,
  customers: /\b(?:customer\w*|client\w*|klient\w*|kunden\w*|cliente\w*|klant\w*|success)\b/,
  logistics: /\b(?:logistic\w*|logisty\w*|logistik\w*|logistique|logistica|logistiek|supply chain|lancuch\w*)\b/,
  legal: /\b(?:legal|prawn\w*|recht\w*|juridique|juridico|legale|juridisch)\b/,
  procurement: /\b(?:procurement|purchasing|zakup\w*|einkauf\w*|achats?|compras|acquisti|inkoop)\b/,
};

export function ranksOf(text: string): Set<Rank> {
  const folded = fold(text);
  return new Set((Object.keys(RANKS) as Rank[]).filter((rank) => RANKS[rank].test(folded)));
}

export function functionsOf(text: string): Set<Function> {
  const folded = fold(text);
  return new Set((Object.keys(FUNCTIONS) as Function[]).filter((name) => FUNCTIONS[name].test(folded)));
}

/** Why `translation` is not a faithful English title for `source`, or undefined when it may be. */
export function titleMismatch(source: string, translation: string): string | undefined {
  const [sourceRanks, ranks] = [ranksOf(source), ranksOf(translation)];
  const claimed = [...ranks].filter((rank) => !sourceRanks.has(rank) && !(rank === 'manager' && sourceRanks.has('head')) && !(rank === 'head' && sourceRanks.has('manager')));
  if (claimed.length > 0) return `it claims a rank the source title does not (${claimed.join(', ')})`;
  const [sourceFunctions, functions] = [functionsOf(source), functionsOf(translation)];
  const added = [...functions].filter((name) => !sourceFunctions.has(name));
  if (added.length > 0) return `it names a function the source title does not (${added.join(', ')})`;
  return undefined;
}

/** The high ranks (chief officer, vice president, head of) generated text claims, for checking against the cited facts. */
export function highRanksOf(text: string): Rank[] {
  const folded = fold(text);
  const ranks: Rank[] = [];
  if (RANKS.chief.test(folded)) ranks.push('chief');
  if (RANKS.vp.test(folded)) ranks.push('vp');
  if (/\bhead of\b/.test(folded)) ranks.push('head');
  return ranks;
}
