import type { Language } from '../accounts/index.ts';

/**
 * The words the grounding checks read, in the eight account languages, folded (see text.ts: lower
 * case, no accents, `ł` as `l`). Word lists end in `*` where any ending is accepted (`pracownik*`
 * matches `pracownikow`). Data only; the rules that use it are in the modules beside this one.
 */

export type Lexicon<T> = Record<Language, T>;

/** A percent sign written out. */
export const PERCENT_WORDS: Lexicon<string[]> = {
  en: ['percent', 'per cent', 'pct'],
  pl: ['procent*', 'proc.'],
  de: ['prozent'],
  fr: ['pour cent', 'pourcent'],
  es: ['por ciento'],
  it: ['per cento', 'percento'],
  pt: ['por cento'],
  nl: ['procent'],
};

/** Magnitude words after a number (`4 mln`, `1,1 Mrd.`, `2 million`), any language: a number's scale is part of its value. */
export const SCALE_WORDS: { words: string[]; value: number }[] = [
  { value: 1e3, words: ['thousand*', 'tys.', 'tys', 'tysiac*', 'tysiec*', 'tsd.', 'tsd', 'tausend', 'mille', 'mila', 'mil', 'duizend', 'k'] },
  {
    value: 1e6,
    words: ['million*', 'mln.', 'mln', 'mn', 'mio.', 'mio', 'millionen', 'millones', 'millon', 'milioni', 'milione', 'milhoes', 'milhao', 'miljoen*', 'milion*', 'm'],
  },
  {
    value: 1e9,
    words: ['billion*', 'bn', 'bln', 'mld.', 'mld', 'mrd.', 'mrd', 'milliard*', 'miliard*', 'mil millones', 'mil milhoes', 'bilhao', 'bilhoes', 'miljard*', 'b'],
  },
];

/** Currencies, as symbols or codes before or after a number and as words after it. */
export const CURRENCY_SIGNS: Record<string, string> = { us$: 'USD', $: 'USD', 'r$': 'BRL', '€': 'EUR', '£': 'GBP', zl: 'PLN', usd: 'USD', eur: 'EUR', gbp: 'GBP', pln: 'PLN', chf: 'CHF' };
export const CURRENCY_WORDS: Record<string, string[]> = {
  USD: ['dollar*', 'dolar*', 'dolares', 'dollari'],
  EUR: ['euro', 'euros', 'eur', 'euro\'s'],
  PLN: ['zloty*', 'zlotych', 'zl'],
  GBP: ['pound*', 'sterling'],
  CHF: ['franc*', 'franken'],
};

/**
 * Numbers written as words, for the languages other than English (compromise reads English ones). One
 * and zero are left out: "one of", "un", "ein" are articles far more often than counts. Words that are
 * also common other words are left out too (Italian `sei` "you are", French `neuf` "new").
 */
export const NUMBER_WORDS: Omit<Lexicon<Record<string, number>>, 'en'> = {
  pl: {
    dwa: 2, dwie: 2, dwoch: 2, trzy: 3, trzech: 3, cztery: 4, czterech: 4, piec: 5, pieciu: 5, szesc: 6, szesciu: 6, siedem: 7, siedmiu: 7,
    osiem: 8, osmiu: 8, dziewiec: 9, dziewieciu: 9, dziesiec: 10, dziesieciu: 10, jedenascie: 11, dwanascie: 12, trzynascie: 13,
    czternascie: 14, pietnascie: 15, szesnascie: 16, siedemnascie: 17, osiemnascie: 18, dziewietnascie: 19, dwadziescia: 20,
    dwudziestu: 20, trzydziesci: 30, trzydziestu: 30, czterdziesci: 40, czterdziestu: 40, piecdziesiat: 50, piecdziesieciu: 50,
    szescdziesiat: 60, siedemdziesiat: 70, osiemdziesiat: 80, dziewiecdziesiat: 90, sto: 100, stu: 100, dwiescie: 200,
    trzysta: 300, czterysta: 400, piecset: 500, tysiac: 1e3, tysiace: 1e3, tysiecy: 1e3, milion: 1e6, miliony: 1e6, milionow: 1e6,
    miliard: 1e9, miliardy: 1e9, miliardow: 1e9,
  },
  de: {
    zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwolf: 12, dreizehn: 13, vierzehn: 14,
    funfzehn: 15, sechzehn: 16, siebzehn: 17, achtzehn: 18, neunzehn: 19, zwanzig: 20, dreissig: 30, vierzig: 40, funfzig: 50,
    sechzig: 60, siebzig: 70, achtzig: 80, neunzig: 90, hundert: 100, tausend: 1e3, million: 1e6, millionen: 1e6, milliarde: 1e9, milliarden: 1e9,
  },
  fr: {
    deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, dix: 10, onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15,
    seize: 16, vingt: 20, vingts: 20, trente: 30, quarante: 40, cinquante: 50, soixante: 60, 'quatre-vingt': 80, 'quatre-vingts': 80,
    cent: 100, cents: 100, mille: 1e3, million: 1e6, millions: 1e6, milliard: 1e9, milliards: 1e9,
  },
  es: {
    dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12, trece: 13, catorce: 14,
    quince: 15, dieciseis: 16, diecisiete: 17, dieciocho: 18, diecinueve: 19, veinte: 20, veinti: 20, treinta: 30, cuarenta: 40,
    cincuenta: 50, sesenta: 60, setenta: 70, ochenta: 80, noventa: 90, cien: 100, ciento: 100, cientos: 100, doscientos: 200,
    trescientos: 300, quinientos: 500, mil: 1e3, millon: 1e6, millones: 1e6,
  },
  it: {
    due: 2, tre: 3, quattro: 4, cinque: 5, sette: 7, otto: 8, nove: 9, dieci: 10, undici: 11, dodici: 12, tredici: 13, quattordici: 14,
    quindici: 15, sedici: 16, diciassette: 17, diciotto: 18, diciannove: 19, venti: 20, trenta: 30, quaranta: 40, cinquanta: 50,
    sessanta: 60, settanta: 70, ottanta: 80, novanta: 90, cento: 100, mille: 1e3, mila: 1e3, milione: 1e6, milioni: 1e6, miliardo: 1e9, miliardi: 1e9,
  },
  pt: {
    dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, onze: 11, doze: 12, treze: 13,
    catorze: 14, quatorze: 14, quinze: 15, dezesseis: 16, dezasseis: 16, dezessete: 17, dezassete: 17, dezoito: 18, dezenove: 19,
    dezanove: 19, vinte: 20, trinta: 30, quarenta: 40, cinquenta: 50, sessenta: 60, setenta: 70, oitenta: 80, noventa: 90, cem: 100,
    cento: 100, duzentos: 200, trezentos: 300, quinhentos: 500, mil: 1e3, milhao: 1e6, milhoes: 1e6, bilhao: 1e9, bilhoes: 1e9,
  },
  nl: {
    twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9, tien: 10, elf: 11, twaalf: 12, dertien: 13, veertien: 14,
    vijftien: 15, zestien: 16, zeventien: 17, achttien: 18, negentien: 19, twintig: 20, dertig: 30, veertig: 40, vijftig: 50,
    zestig: 60, zeventig: 70, tachtig: 80, negentig: 90, honderd: 100, duizend: 1e3, miljoen: 1e6, miljard: 1e9,
  },
};

/** Joins inside a number written as words: "vierundzwanzig", "vijfentwintig", "vinte e cinco", "vingt-cinq". */
export const NUMBER_JOINERS = ['und', 'en', 'e', 'y', 'i', 'et', '-'];

/**
 * What a number counts, when the words around it say so. Numbers of the strict kinds (a headcount, a
 * founding year, revenue, funding, a valuation) are grounded only by a fact's number of the same kind:
 * "500 employees" is not grounded by a product's "500 teams", nor "founded in 2022" by a role that
 * started in 2022. Customers are a kind too, but not strict: "300 brands" may rest on a description's
 * "300" whose noun the checks cannot read.
 */
export type Kind = 'employees' | 'founded' | 'revenue' | 'funding' | 'valuation' | 'customers' | 'role_start';
export const STRICT_KINDS: ReadonlySet<Kind> = new Set(['employees', 'founded', 'revenue', 'funding', 'valuation', 'role_start']);

/** Kind words in every language at once (facts come in any language). */
export const KIND_WORDS: Record<Exclude<Kind, 'role_start'>, string[]> = {
  employees: [
    'employee*', 'staff', 'headcount', 'workers', 'people', 'fte', 'ftes', 'pracownik*', 'pracownic*', 'zatrudni*', 'osob',
    'mitarbeiter*', 'beschaftigt*', 'angestellt*', 'employe*', 'salarie*', 'collaborateur*', 'empleado*', 'trabajador*', 'dipendent*',
    'funcionario*', 'colaborador*', 'empregado*', 'medewerker*', 'werknemer*', 'personeel*',
  ],
  founded: ['founded', 'established', 'incorporated', 'founding', 'zalozon*', 'zalozyl*', 'gegrundet', 'grundung', 'fonde*', 'fondee', 'fundad*', 'fondat*', 'opgericht'],
  revenue: ['revenue*', 'turnover', 'arr', 'przychod*', 'obrot*', 'umsatz*', 'erlos*', 'chiffre', 'ingreso*', 'facturacion', 'fatturato', 'ricavi', 'receita*', 'faturamento', 'omzet'],
  funding: [
    'raised', 'raises', 'raising', 'funding', 'round', 'investment', 'series', 'seed', 'pozyska*', 'finansowani*', 'rund*', 'finanzierung*',
    'eingesammelt', 'leve', 'levee', 'leve*', 'financement', 'financiacion', 'ronda', 'recaud*', 'raccolt*', 'finanziament*', 'captou', 'captac*',
    'rodada', 'financiering*', 'opgehaald',
  ],
  valuation: ['valued', 'valuation', 'wycen*', 'bewertet', 'bewertung', 'valoris*', 'valorad*', 'valutat*', 'avaliad*', 'gewaardeerd', 'waardering'],
  customers: [
    'customer*', 'client*', 'brands', 'users', 'klient*', 'marek', 'marki', 'uzytkownik*', 'kunden', 'marken', 'nutzer', 'marques', 'utilisateurs',
    'clientes', 'marcas', 'usuarios', 'clienti', 'marchi', 'utenti', 'usuarios', 'klanten', 'merken', 'gebruikers',
  ],
};

/** Words that say a post was shared, in the account's language (a reshared post's summary must say so). */
export const SHARE_WORDS: Lexicon<string[]> = {
  en: ['shared', 'shares', 'sharing', 'share', 'reshared', 'reshares', 'reposted', 'reposts', 'repost'],
  pl: ['udostepni*', 'podzieli*', 'przekaza*'],
  de: ['geteilt*', 'teilt', 'teilte', 'teilen'],
  fr: ['partag*', 'relay*', 'republi*'],
  es: ['compart*', 'republic*'],
  it: ['condivi*', 'ripost*'],
  pt: ['compartilh*', 'partilh*', 'republic*'],
  nl: ['gedeeld', 'deelt', 'deelde', 'delen'],
};

/**
 * Phrases, over folded text, that make a text its subject's own words or opinion ("you wrote", "Marcus
 * argues", "your article", "Sie schreiben", "vous avez écrit", "napisała Pani"). `{name}` stands for
 * the first names of the prospect and the company. Text resting on a reshared post may not use them.
 */
export const OWN_WORDS: Lexicon<string[]> = {
  en: [
    String.raw`\b(?:you|she|he|they|{name})\s+(?:wrote|writes|argue|argues|argued|says|said|claims|claimed|explains|explained)\b`,
    String.raw`\b(?:your|her|his|their|{name}'s)\s+(?:own\s+)?(?:argument|opinion|view|views|words|article|thesis)\b`,
    String.raw`\bin\s+(?:your|her|his|their)\s+(?:own\s+)?(?:post|article)\b`,
  ],
  pl: [String.raw`\b(?:napisal\w*|pisze|twierdzi|uwaza|argumentuje)\s+(?:pani|pan)\b`, String.raw`\b(?:pani|pan|{name})\s+(?:napisal\w*|pisze|twierdzi|uwaza|argumentuje)\b`],
  de: [String.raw`\b(?:sie|er|{name})\s+(?:schreiben|schreibt|schrieb|schrieben|argumentier\w*|behaupte\w*|meint|meinen)\b`, String.raw`\b(?:ihr|ihre|ihrem|ihren|seine?m?n?)\s+(?:beitrag|artikel|meinung|ansicht|these)\b`],
  fr: [String.raw`\b(?:vous|il|elle|{name})\s+(?:avez|a)\s+(?:ecrit|affirme|explique|soutenu)\b`, String.raw`\bvous\s+(?:ecrivez|affirmez|expliquez|soutenez)\b`, String.raw`\b(?:votre|son|sa)\s+(?:article|avis|opinion|these)\b`],
  es: [String.raw`\b(?:usted|el|ella|{name})\s+(?:escribio|escribe|afirma|sostiene|explica)\b`, String.raw`\bsu\s+(?:articulo|opinion|tesis)\b`],
  it: [String.raw`\b(?:lei|{name})\s+(?:ha\s+scritto|scrive|afferma|sostiene|spiega)\b`, String.raw`\bil\s+suo\s+(?:articolo|parere)\b`],
  pt: [String.raw`\b(?:voce|ele|ela|{name})\s+(?:escreveu|escreve|afirma|defende|explica)\b`, String.raw`\bseu\s+(?:artigo|parecer)\b`],
  nl: [String.raw`\b(?:u|hij|zij|{name})\s+(?:schreef|schrijft|stelt|beweert|betoogt)\b`, String.raw`\buw\s+(?:artikel|mening|betoog)\b`],
};

/** Month and weekday names: capitalised in English and German, never names of a party. */
export const CALENDAR_WORDS = [
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'januar', 'februar', 'marz', 'mai', 'juni', 'juli', 'oktober', 'dezember', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag',
  'januari', 'februari', 'maart', 'augustus', 'oktober',
];

/**
 * Capitalised words that name no organisation, person, product or place: business abbreviations,
 * job-title words (titles are checked by roles.ts), compass words. A name made only of these is not
 * checked; in a longer name the other words are.
 */
export const GENERIC_WORDS = [
  'i', 'ai', 'ki', 'ia', 'ml', 'b2b', 'b2c', 'saas', 'crm', 'erp', 'api', 'apis', 'hr', 'it', 'ceo', 'cto', 'cfo', 'coo', 'cro', 'cmo', 'cio', 'ciso', 'cpo',
  'vp', 'svp', 'evp', 'kpi', 'kpis', 'roi', 'sla', 'slas', 'smb', 'smbs', 'sme', 'smes', 'msp', 'kmu', 'pme', 'pyme', 'pymes', 'gtm', 'sdr', 'sdrs', 'bdr',
  'bdrs', 'ae', 'aes', 'pr', 'r&d', 'esg', 'wms', 'tms', '3pl', 'dc', 'dcs', 'sku', 'skus', 'q1', 'q2', 'q3', 'q4', 'h1', 'h2', 'fy', 'yoy', 'eu', 'emea',
  'apac', 'dach', 'cee', 'latam', 'gdpr', 'rodo', 'dsgvo', 'rgpd', 'ok', 'e-commerce', 'ecommerce', 'series', 'round', 'ipo', 'm&a', 'ops', 'revops',
  'salesops', 'faq', 'ui', 'ux', 'rpa', 'iot', 'usd', 'eur', 'pln', 'gbp', 'chf', 'mio', 'mln', 'mrd', 'mld',
  'head', 'chief', 'officer', 'director', 'manager', 'managers', 'vice', 'president', 'lead', 'leader', 'leaders', 'senior', 'junior', 'executive',
  'executives', 'founder', 'co-founder', 'cofounder', 'owner', 'partner', 'principal', 'sales', 'operations', 'marketing', 'finance', 'financial',
  'revenue', 'engineering', 'product', 'technology', 'technical', 'customer', 'success', 'business', 'development', 'people', 'supply', 'chain',
  'team', 'teams', 'department', 'group', 'general', 'global', 'regional', 'national', 'international',
  'north', 'south', 'east', 'west', 'northern', 'southern', 'eastern', 'western', 'central', 'nord', 'sud', 'ost', 'mittel', 'mitte',
  // Polite "you", capitalised in letters: Polish, German, Italian, Spanish, Dutch, French, Portuguese.
  'pani', 'pan', 'pana', 'panu', 'pania', 'panem', 'panstwo', 'panstwa', 'panstwu', 'panstwem', 'sie', 'ihr', 'ihre', 'ihren', 'ihrem', 'ihrer',
  'ihres', 'ihnen', 'lei', 'la sua', 'usted', 'ustedes', 'ud', 'uds', 'u', 'uw', 'vous', 'votre', 'vos', 'voce', 'senhor', 'senhora',
];

/** Words that may stand, lower-case, inside a name (`Bank of America`, `Banco do Brasil`, `Procter & Gamble`), per language. */
export const NAME_JOINERS: Lexicon<string[]> = {
  en: ['of', '&'],
  pl: ['&'],
  de: ['&'],
  fr: ['de', 'du', 'des', 'la', 'le', '&'],
  es: ['de', 'del', 'la', '&'],
  it: ['di', 'della', 'del', '&'],
  pt: ['de', 'do', 'da', 'dos', 'das', '&'],
  nl: ['van', 'der', 'den', 'de', '&'],
};

/** Lower-case words a sentence may begin with before a name (`The Poznań hub`): not part of the name. */
export const LEADING_WORDS = [
  'the', 'a', 'an', 'this', 'that', 'these', 'its', 'their', 'our', 'your', 'her', 'his', 'der', 'die', 'das', 'den', 'dem', 'ein', 'eine', 'le', 'la',
  'les', 'un', 'une', 'el', 'los', 'las', 'il', 'lo', 'gli', 'uno', 'o', 'os', 'as', 'um', 'uma', 'de', 'het', 'een', 'w', 'z', 'na', 'po', 'do', 'dla',
  'in', 'at', 'for', 'with', 'from', 'by', 'on', 'as', 'after', 'since', 'how', 'what', 'why', 'when', 'where', 'who', 'which', 'do', 'does', 'did',
  'is', 'are', 'was', 'were', 'has', 'have', 'had', 'can', 'could', 'would', 'will', 'should', 'congratulations', 'congrats', 'thanks', 'shared',
  // Prepositions that open a sentence before a name: "Von Jane geteilt", "Selon Les Echos", "Według Logistyki Dziś".
  'von', 'mit', 'fur', 'bei', 'nach', 'aus', 'zu', 'uber', 'im', 'am', 'zum', 'zur', 'vom', 'laut', 'par', 'pour', 'selon', 'avec', 'chez', 'dans', 'sur',
  'por', 'para', 'segun', 'con', 'en', 'per', 'secondo', 'su', 'segundo', 'com', 'em', 'pelo', 'pela', 'door', 'voor', 'met', 'volgens', 'bij', 'naar',
  'van', 'przez', 'wedlug', 'od', 'u',
];

/** Elided articles glued to a name in French and Italian (`d’Acme`, `l’Oréal` stays a name). */
export const ELISIONS = ["d'", "l'", "qu'", "j'", "n'", "s'", "c'", "m'", "t'", "dell'", "all'", "nell'", "sull'", "dall'", "un'"];

/** Legal-form words that follow a company's name: not what tells two companies apart. */
export const LEGAL_FORMS = ['inc', 'inc.', 'ltd', 'ltd.', 'llc', 'plc', 'corp', 'corp.', 'co', 'co.', 'gmbh', 'ag', 'kg', 'se', 'sa', 's.a.', 'sas', 'sarl', 'srl', 's.r.l.', 'spa', 's.p.a.', 'bv', 'b.v.', 'nv', 'n.v.', 'sp', 'oo', 'ab', 'as', 'oy', 'lda', 'ltda'];
