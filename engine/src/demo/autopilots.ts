import type { AutopilotInput } from '../autopilot/contract.ts';

const EMEA = ['Germany', 'France', 'Netherlands', 'Spain', 'Italy', 'Poland', 'Sweden'];
const STOP = { reply: true, call_connected: true, meeting_booked: true, invite_accepted: false, property_changes: [{ property: 'lifecyclestage', value: 'customer' }] };

/**
 * The demo's Autopilots, top to bottom: founders on the chat apps first, then EMEA software companies
 * on every channel (twelve touches over four weeks), US mid-market on e-mail and the professional
 * network, and a fallback for teams of 20 or more that nothing else took.
 */
export const DEMO_AUTOPILOTS: AutopilotInput[] = [
  {
    name: 'Founders on chat apps',
    enabled: true,
    filter: { match: 'any', rules: [{ property: 'jobtitle', operator: 'contains', values: ['Founder', 'Co-founder'] }] },
    channels: ['whatsapp', 'telegram', 'email'],
    tone: 'Founder',
    goal: { type: 'meetings', calendar_link: 'https://cal.example/demo/founders' },
    lead_origin: 'You signed up for our founders’ pipeline webinar.',
    sequence: [
      { day: 1, channel: 'whatsapp', kind: 'message', angle: 'One founder to another: ask how they fill their pipeline today.', signals: ['posts', 'news'] },
      {
        day: 3,
        channel: 'email',
        kind: 'email',
        angle: 'Share how a company like theirs booked meetings without an SDR team.',
        subject_angle: 'Pipeline without an SDR team',
        signals: ['synergy_points'],
      },
      { day: 6, channel: 'telegram', kind: 'message', angle: 'A short nudge with one question about their next quarter.', signals: ['discovery_questions'] },
      { day: 10, channel: 'email', kind: 'email', angle: 'Close the loop politely and leave the calendar link.', signals: [] },
    ],
    stop_conditions: STOP,
  },
  {
    name: 'EMEA SaaS',
    enabled: true,
    filter: {
      match: 'all',
      rules: [
        { property: 'country', operator: 'is', values: EMEA },
        { property: 'numberofemployees', operator: 'between', values: [50, 1000] },
      ],
    },
    channels: ['email', 'linkedin', 'whatsapp', 'telegram'],
    tone: 'Friendly',
    goal: { type: 'meetings', calendar_link: 'https://cal.example/demo/emea' },
    lead_origin: 'You downloaded our guide to outbound in Europe.',
    sequence: [
      {
        day: 1,
        channel: 'email',
        kind: 'email',
        angle: 'Thank them for the download and ask one question about their outbound.',
        subject_angle: 'Their outbound in Europe',
        signals: ['posts', 'news'],
      },
      { day: 1, channel: 'linkedin', kind: 'connection_request', angle: 'A short note: we talked about outbound in Europe.', signals: ['role'] },
      { day: 3, channel: 'email', kind: 'email', angle: 'Point to a problem their company likely has and how others solved it.', signals: ['problems'] },
      { day: 4, channel: 'linkedin', kind: 'message', angle: 'Thank them for connecting and share one insight about their market.', warm_only: true, signals: ['insights'] },
      { day: 6, channel: 'whatsapp', kind: 'message', angle: 'A friendly, short check-in.', signals: ['news'] },
      { day: 8, channel: 'email', kind: 'email', angle: 'A customer story from their industry.', signals: ['synergy_points'] },
      { day: 10, channel: 'telegram', kind: 'message', angle: 'One discovery question about their team.', signals: ['discovery_questions'] },
      { day: 12, channel: 'email', kind: 'email', angle: 'Offer a 20-minute teardown of their outbound.', signals: ['services'] },
      { day: 14, channel: 'linkedin', kind: 'message', angle: 'Comment on a recent post of theirs.', signals: ['posts'] },
      { day: 16, channel: 'email', kind: 'email', angle: 'Share the calendar link with two slots.', signals: [] },
      { day: 18, channel: 'whatsapp', kind: 'message', angle: 'Last nudge on the chat app.', signals: [] },
      { day: 20, channel: 'email', kind: 'email', angle: 'Break-up e-mail: leave the door open.', signals: [] },
    ],
    stop_conditions: { ...STOP, invite_accepted: true },
  },
  {
    name: 'US Mid-market',
    enabled: true,
    filter: { match: 'all', rules: [{ property: 'country', operator: 'is', values: ['United States'] }] },
    channels: ['email', 'linkedin'],
    tone: 'Direct',
    goal: { type: 'meetings', calendar_link: 'https://cal.example/demo/us' },
    lead_origin: null,
    sequence: [
      { day: 1, channel: 'linkedin', kind: 'connection_request', angle: 'Connect without a pitch.', note: false, signals: [] },
      { day: 2, channel: 'email', kind: 'email', angle: 'Lead with their technologies and one result a peer got.', subject_angle: 'Their stack and their pipeline', signals: ['technologies'] },
      { day: 5, channel: 'email', kind: 'email', angle: 'One question about how they qualify leads.', signals: ['discovery_questions'] },
      { day: 7, channel: 'linkedin', kind: 'message', angle: 'A short message once connected.', warm_only: true, signals: ['posts'] },
      { day: 9, channel: 'email', kind: 'email', angle: 'Close the loop.', signals: [] },
    ],
    stop_conditions: { ...STOP, invite_accepted: true },
  },
  {
    name: 'Teams of 20 or more',
    enabled: true,
    fallback: true,
    filter: { match: 'all', rules: [{ property: 'numberofemployees', operator: 'gte', values: [20] }] },
    channels: ['email'],
    tone: 'Formal',
    goal: { type: 'engage' },
    lead_origin: null,
    sequence: [
      { day: 1, channel: 'email', kind: 'email', angle: 'Introduce the product against their role.', subject_angle: 'A question about their sales research', signals: ['role'] },
      { day: 4, channel: 'email', kind: 'email', angle: 'One proof point from their industry.', signals: ['insights'] },
      { day: 8, channel: 'email', kind: 'email', angle: 'Close the loop.', signals: [] },
    ],
    stop_conditions: STOP,
  },
];
