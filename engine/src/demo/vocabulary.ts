/** The words sample people and companies are made of: plausible, and every domain under `.example` (RFC 2606), so nothing real is ever contacted. */

export const FIRST_NAMES = [
  'Anna',
  'Lukas',
  'Sophie',
  'Maximilian',
  'Emma',
  'Jonas',
  'Léa',
  'Hugo',
  'Chloé',
  'Louis',
  'Sanne',
  'Daan',
  'Julia',
  'Mateo',
  'Lucía',
  'Marco',
  'Giulia',
  'Olivia',
  'Liam',
  'Noah',
  'Ava',
  'Ethan',
  'Mia',
  'James',
  'Zofia',
  'Jakub',
  'Ingrid',
  'Erik',
  'Priya',
  'Arjun',
  'Hannah',
  'David',
] as const;

export const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Martin',
  'Bernard',
  'Dubois',
  'Laurent',
  'de Vries',
  'Jansen',
  'Bakker',
  'García',
  'Fernández',
  'Rossi',
  'Bianchi',
  'Smith',
  'Johnson',
  'Brown',
  'Miller',
  'Davis',
  'Kowalska',
  'Nowak',
  'Larsen',
  'Nilsson',
  'Patel',
  'Shah',
  'Cohen',
] as const;

export interface SampleCompany {
  name: string;
  domain: string;
  country: string;
  city: string;
  industry: string;
  employees: number;
  technologies: string[];
}

const STEMS = [
  'Nord',
  'Alpen',
  'Blue',
  'Bright',
  'Clear',
  'Delta',
  'Ever',
  'Flux',
  'Green',
  'Helio',
  'Iron',
  'Lumen',
  'Meri',
  'Nova',
  'Orbit',
  'Pixel',
  'Quanta',
  'River',
  'Solar',
  'Terra',
  'Vela',
  'Zen',
];
const TAILS = ['soft', 'data', 'flow', 'stack', 'works', 'logic', 'cloud', 'ly', 'base', 'grid'];
const PLACES: [country: string, city: string][] = [
  ['Germany', 'Berlin'],
  ['Germany', 'Munich'],
  ['France', 'Paris'],
  ['France', 'Lyon'],
  ['Netherlands', 'Amsterdam'],
  ['Spain', 'Madrid'],
  ['Italy', 'Milan'],
  ['Poland', 'Warsaw'],
  ['Sweden', 'Stockholm'],
  ['United States', 'Austin'],
  ['United States', 'Boston'],
  ['United States', 'San Francisco'],
  ['United Kingdom', 'London'],
  ['India', 'Bengaluru'],
];
const INDUSTRIES = [
  'computer software',
  'information technology and services',
  'financial services',
  'logistics and supply chain',
  'marketing and advertising',
  'hospital and health care',
  'e-learning',
];
const STACKS = [
  ['HubSpot', 'Segment', 'React'],
  ['Salesforce', 'Snowflake', 'dbt'],
  ['Pipedrive', 'Stripe', 'Vue.js'],
  ['Zendesk', 'AWS', 'PostgreSQL'],
  ['Intercom', 'Google Cloud', 'Kubernetes'],
];

/** 220 companies, the same every run: name, domain, place, industry, size, stack. */
export const COMPANIES: SampleCompany[] = STEMS.flatMap((stem, i) =>
  TAILS.map((tail, j) => {
    const [country, city] = PLACES[(i * 7 + j * 3) % PLACES.length]!;
    return {
      name: `${stem}${tail}`,
      domain: `${stem}${tail}.example`.toLowerCase(),
      country,
      city,
      industry: INDUSTRIES[(i + j) % INDUSTRIES.length]!,
      employees: [12, 35, 80, 140, 260, 480, 900, 2400][(i * 3 + j) % 8]!,
      technologies: STACKS[(i + 2 * j) % STACKS.length]!,
    };
  }),
);

export const TITLES = [
  'Head of Sales',
  'VP Marketing',
  'Chief Revenue Officer',
  'Sales Operations Manager',
  'Founder & CEO',
  'Co-founder',
  'Head of Growth',
  'RevOps Lead',
  'Account Executive',
  'CTO',
] as const;
export const FOUNDER_TITLES = ['Founder & CEO', 'Co-founder'] as const;
export const LIFECYCLE_STAGES = ['lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity'] as const;
export const FREE_MAILBOX_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com'] as const;
export const ROLE_LOCAL_PARTS = ['info', 'sales', 'contact', 'office'] as const;
export const EXCLUDED_DOMAIN = 'competitor.example';

/** ASCII for an address: `Léa Müller` is `lea.muller`. */
export function addressPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
}
