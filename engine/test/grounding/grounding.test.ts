import { describe, expect, it } from 'vitest';
import { languageIdentifier } from '../../src/grounding/language.ts';
import { NameGround, namesIn } from '../../src/grounding/names.ts';
import { grounds, type NumberClaim, numbersIn } from '../../src/grounding/numbers.ts';
import { quoteFound, quotesIn } from '../../src/grounding/quotes.ts';
import { highRanksOf, titleMismatch } from '../../src/grounding/roles.ts';
import { fold } from '../../src/grounding/text.ts';
import { translationProblem } from '../../src/grounding/translation.ts';

const brief = (claims: NumberClaim[]) => claims.map((claim) => ({ text: claim.text, values: claim.values, unit: claim.unit, currency: claim.currency, kind: claim.kind }));
const grounded = (claim: string, fact: string, language: 'en' | 'pl' | 'de' | 'fr' = 'en') =>
  numbersIn(claim, language).every((item) =>
    numbersIn(fact, 'en')
      .concat(numbersIn(fact, language))
      .some((known) => grounds(known, item)),
  );

describe('fold', () => {
  it('compares accents, case, typographic quotes and dashes, and runs of spaces alike, in plain and in accented text', () => {
    expect(fold('  ACME  Corp\tS/4HANA ')).toBe('acme corp s/4hana');
    expect(fold("O`Neil's")).toBe("o'neil's");
    expect(fold('Wrocław’s  „Łódź” — Straße, ﬁnance')).toBe('wroclaw\'s "lodz" - strasse, finance');
  });
});

describe('numbersIn', () => {
  it('reads value, scale, currency, unit and what a number counts', () => {
    expect(brief(numbersIn('The company has 500 employees and revenue of $4.0M, valued at $1.1B.', 'en'))).toEqual([
      { text: '500', values: [500], unit: 'plain', currency: undefined, kind: 'employees' },
      { text: '$4.0M', values: [4_000_000], unit: 'money', currency: 'USD', kind: 'revenue' },
      { text: '$1.1B', values: [1_100_000_000], unit: 'money', currency: 'USD', kind: 'valuation' },
    ]);
    expect(brief(numbersIn('Cuts research time by forty percent.', 'en'))).toEqual([{ text: 'forty percent', values: [40], unit: 'percent', currency: undefined, kind: undefined }]);
    expect(brief(numbersIn('Founded in 2022, the company grew.', 'en'))[0]).toMatchObject({ values: [2022], kind: 'founded' });
    expect(brief(numbersIn('przychody 1,1 mld zł i czterdzieści procent', 'pl'))).toEqual([
      { text: '1,1 mld zł', values: [1_100_000_000], unit: 'money', currency: 'PLN', kind: 'revenue' },
      { text: 'czterdzieści procent', values: [40], unit: 'percent', currency: undefined, kind: undefined },
    ]);
    expect(brief(numbersIn('fünfundzwanzig Mitarbeiter', 'de'))).toEqual([{ text: 'fünfundzwanzig', values: [25], unit: 'plain', currency: undefined, kind: 'employees' }]);
    expect(brief(numbersIn('quatre-vingt-dix pour cent', 'fr'))[0]).toMatchObject({ values: [90], unit: 'percent' });
  });

  it('shares the scale, currency and kind written once across a range', () => {
    expect(brief(numbersIn('Estimated revenue of $50M-$100M with 501-1000 employees', 'en')).map((claim) => [claim.values[0], claim.kind])).toEqual([
      [50_000_000, 'revenue'],
      [100_000_000, 'revenue'],
      [501, 'employees'],
      [1000, 'employees'],
    ]);
    expect(numbersIn('51-200 employees and $10M-$50M in revenue', 'en').map((claim) => claim.kind)).toEqual(['employees', 'employees', 'revenue', 'revenue']);
    expect(brief(numbersIn('entre 10 y 50 millones de dólares', 'es')).map((claim) => [claim.values[0], claim.currency])).toEqual([
      [10_000_000, 'USD'],
      [50_000_000, 'USD'],
    ]);
    // A scale word is part of its number, not a number of its own; "millions" alone is no amount.
    expect(brief(numbersIn('una Serie A de 11 millones de dólares', 'es')).map((claim) => claim.values[0])).toEqual([11_000_000]);
    expect(numbersIn('millones de usuarios', 'es')).toEqual([]);
  });

  it('leaves out digits that belong to names and ordinals, and number words of another language', () => {
    expect(numbersIn('B2B teams in Q2 use SAP S/4HANA and a 3PL for the 4th time', 'en')).toEqual([]);
    expect(numbersIn('Co jest w planach na ten rok?', 'pl')).toEqual([]); // `ten` is "this" in Polish
    expect(numbersIn('one of the startups', 'en')).toEqual([]);
  });
});

describe('grounds', () => {
  it('matches a number written another way: separators, scale words, words for digits', () => {
    expect(grounded('used by 1200 sales teams', 'Used by 1,200 sales teams.')).toBe(true);
    expect(grounded('40 000 m² of space', 'adding 40,000 m² of capacity', 'pl')).toBe(true);
    expect(grounded('an $11 million Series A', 'raises $11M Series A')).toBe(true);
    expect(grounded('three lessons', 'Three things we learned')).toBe(true);
    expect(grounded('with 51 to 200 employees', '51-200 employees')).toBe(true);
  });

  it('refuses another scale, unit, currency or thing counted', () => {
    expect(grounded('$4.0M in revenue', 'connects to 40 other data sources')).toBe(false);
    expect(grounded('valued at $1.1B', 'raises $11M Series A')).toBe(false);
    expect(grounded('grew 40%', 'a 40 m² office')).toBe(false);
    expect(grounded('€25M', '$25M')).toBe(false);
    expect(grounded('500 employees', 'Used by 500 sales teams.')).toBe(false);
    // A founding year needs a fact that says founded: neither a year without a kind nor a role start will do.
    expect(grounded('founded in 2022', 'in the role since 2022')).toBe(false);
    const roleStart = numbersIn('2022-03-01', 'en', 'role_start');
    expect(numbersIn('founded in 2022', 'en').every((claim) => roleStart.some((fact) => grounds(fact, claim)))).toBe(false);
    expect(grounded('founded in 2022', 'The company was founded in 2022.')).toBe(true);
    expect(grounded('since March 2022', 'in the role since 2022')).toBe(true);
  });
});

describe('namesIn and NameGround', () => {
  const ground = new NameGround(['Northwind Logistics to operator logistyki kontraktowej w Europie Środkowej', 'Salesforce, SAP S/4HANA, HubSpot', 'Wrocław, Poland', 'Anna Kowalska']);
  const unheld = (text: string, language: 'en' | 'pl' | 'de' = 'en') =>
    namesIn(text, language)
      .filter((name) => !ground.holds(name))
      .map((name) => name.text);

  it('finds invented organisations, people and places, also at the start of a sentence when listed or possessive', () => {
    expect(unheld('Stripe and Salesforce are among its customers.')).toEqual(['Stripe']);
    expect(unheld('Its Series A was led by Sequoia Capital.')).toEqual(['Sequoia Capital']);
    expect(unheld('Stripe’s payments team uses HubSpot.')).toEqual(['Stripe’s']);
    expect(unheld('A new London office for Northwind Logistics.')).toEqual(['London']);
    expect(unheld('Do klientów należą Stripe i Salesforce.', 'pl')).toEqual(['Stripe']);
    expect(unheld('Zu den Kunden gehören Stripe und Salesforce.', 'de')).toEqual(['Stripe']);
    expect(unheld('ForecastIQ, its AI assistant')).toEqual(['ForecastIQ']);
    // A bare singular subject before "is", "was", "led": a name, unless written in lower case elsewhere.
    expect(unheld('Stripe is one of its customers.')).toEqual(['Stripe']);
    expect(namesIn('Revenue grew by a third.', 'en', new Set(['revenue']))).toEqual([]);
    expect(namesIn('Distribution centres that want to automate picking', 'en')).toEqual([]);
  });

  it('holds names as the facts write them, inflected or translated by their stem', () => {
    expect(unheld('Anna Kowalska runs sales operations in Wrocław, across Central Europe.')).toEqual([]);
    expect(unheld('Udostępnione przez Annę, z Wrocławia, dla Northwind Logistics.', 'pl')).toEqual([]);
    expect(unheld('How is lead data kept in your HubSpot and Salesforce CRMs?')).toEqual([]);
  });

  it('reads no names into common capitalised words', () => {
    expect(namesIn('Contract Logistics', 'en')).toEqual([]);
    expect(namesIn('Storing and fulfilling orders for e-commerce brands.', 'en')).toEqual([]);
    expect(namesIn('As Head of Sales Operations, the VP owns lead routing.', 'en')).toEqual([]);
    expect(namesIn('Manuelle Kommissionierung führt zu Fehlgriffen im Lager.', 'de')).toEqual([]);
    expect(namesIn('¿Cómo gestiona su equipo las facturas?', 'es')).toEqual([]);
    expect(namesIn('Wspomniała Pani o przebudowie routingu leadów.', 'pl')).toEqual([]);
  });
});

describe('quotes', () => {
  it('must be word for word in the facts (case, spaces and typographic quotes aside)', () => {
    const facts = [fold('Three things we learned:\n2. Measure mispicks, not speed.')];
    expect(quotesIn('You wrote “Measure mispicks, not speed.”: how?')).toEqual(['Measure mispicks, not speed.']);
    expect(quoteFound('measure  mispicks, not speed', facts)).toBe(true);
    expect(quoteFound('we never discount', facts)).toBe(false);
    expect(quoteFound('Three things … not speed', facts)).toBe(true);
    expect(quotesIn('Napisała Pani: „rekordowy kwartał”.')).toEqual(['rekordowy kwartał']);
  });
});

describe('roles', () => {
  it("keeps a translated title to the source title's rank and function", () => {
    expect(titleMismatch('Leiterin Operations', 'Head of Operations')).toBeUndefined();
    expect(titleMismatch('Kierowniczka ds. Operacji Sprzedaży', 'Head of Sales Operations')).toBeUndefined();
    expect(titleMismatch('Leiterin Operations', 'Chief Revenue Officer')).toContain('rank');
    expect(titleMismatch('VP of Sales', 'Chief Revenue Officer')).toContain('rank');
    expect(titleMismatch('Head of Sales', 'Head of Revenue')).toContain('function');
  });

  it('finds the high ranks text gives someone', () => {
    expect(highRanksOf('Marcus is the Chief Revenue Officer')).toEqual(['chief']);
    expect(highRanksOf('as VP of Sales')).toEqual(['vp']);
    expect(highRanksOf('Anna, Head of Sales Operations')).toEqual(['head']);
    expect(highRanksOf('sales managers at mid-size firms')).toEqual([]);
  });
});

describe('language and translations', () => {
  it('tells text clearly in another account language, and leaves short or mixed text alone', async () => {
    const languages = await languageIdentifier();
    expect(languages.otherThan('Jane Doe kieruje operacjami w Acme Robotics.', 'en')).toBe('pl');
    expect(languages.otherThan('Jane Doe heads operations at Acme Robotics in Berlin.', 'pl')).toBe('en');
    expect(languages.otherThan('Una sinergia con Ledgerly', 'es')).toBeUndefined();
    expect(languages.otherThan('E-commerce fulfilment', 'en')).toBeUndefined();
    expect(languages.otherThan('Ein Problem, das Acme Robotics löst', 'de')).toBeUndefined();
  });

  it('accepts a faithful English description and refuses one that adds or is not English', async () => {
    const languages = await languageIdentifier();
    const source = 'Northwind Logistics to operator logistyki kontraktowej, który prowadzi 14 magazynów w Europie Środkowej i obsługuje ponad 300 marek e-commerce.';
    const check = (translation: string) => translationProblem('description', source, translation, languages, ['Northwind Logistics']);
    expect(check('Northwind Logistics is a contract logistics provider that runs 14 warehouses in Central Europe and serves more than 300 e-commerce brands.')).toBeUndefined();
    expect(check('Northwind Logistics, founded in 2015, runs 14 warehouses in Central Europe for more than 300 brands.')).toContain('"2015"');
    expect(check('Northwind Logistics runs 14 warehouses and works with DHL for more than 300 brands.')).toContain('"DHL"');
    expect(check('Northwind Logistics to operator logistyki kontraktowej z 14 magazynami w Europie Środkowej.')).toContain('not English');
    expect(check('Logistics.')).toContain('far shorter');
  });
});
