// Generated from the engine's OpenAPI document by `npm run api-types -w dashboard` (test/dashboard/apiTypes.db.test.ts): do not edit.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the engine can serve
         * @description Up when the database answers; `service_unavailable` otherwise (and while the engine stops).
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API, described
         * @description The OpenAPI 3.1 document of every route this engine serves, generated from the schemas the routes declare.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API, for people
         * @description The document of `/openapi.json`, rendered by Swagger UI.
         */
        get: operations["getApiDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The key's account
         * @description Who the API key belongs to, its credits in the current cycle and its product: what credential tests call.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/product": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's product
         * @description The product research is written against: briefs say how the prospect fits it. `product_not_set` until one is set.
         */
        get: operations["getProduct"];
        /**
         * Sets the account's product
         * @description Makes this the current product: research started from now on is written against it; briefs written before keep the product they were written for.
         */
        put: operations["putProduct"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's API keys
         * @description Every key the account has made, active and revoked, oldest first; each by its label and hint, never the key itself. For the account owner.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description A new key with the given label, within the plan's limit on active keys. The answer holds the key itself, the only time it is shown. For the account owner.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once, on every process; revoking a revoked key changes nothing. For the account owner.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Starts a session: its token comes as the `pr_session` cookie (HttpOnly, SameSite=Lax, Secure under https), a new one at each sign-in. An unknown address and a wrong password answer alike. Attempts are limited per address and per client address (429 with `Retry-After`).
         */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in session
         * @description Who is signed in, acting in which account with which role, and the `csrf_token` every change made with the cookie carries as `x-csrf-token`.
         */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Act in another account
         * @description Moves the session to another account of the signed-in person (one of `accounts`).
         */
        put: operations["chooseSessionAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Ends this session and clears its cookie.
         */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the signed-in person, on every device, and clears this one's cookie.
         */
        post: operations["signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invitations/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a one-time link offers
         * @description An invitation into an account with a role, or a password reset (`prospect-engine users invite|reset-password`, or the first start). Used, expired and unknown links answer alike.
         */
        get: operations["getInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a one-time link
         * @description Gives the membership, uses the link up, and signs the person in. A new address gets the password given (at least 12 characters; what is wrong comes as `problems`); a known one proves itself with its current password (401 `invalid_credentials` otherwise, attempts limited as sign-ins are); a reset link sets a new password and ends their sessions.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/research": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Research a prospect
         * @description Queues the research of a prospect by work e-mail, for one credit; its brief is read with `GET /research-status/{researchId}` (the `Location` header). Checks run in order: the API key, then `missing_email`, `invalid_body`, each field (`invalid_email_format` first), the `Idempotency-Key`, the product and the credits. An `Idempotency-Key` sent again with the same body answers the same research (`Idempotent-Replayed: true`) without a second credit.
         */
        post: operations["createResearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/research-status/{researchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A research and its brief
         * @description Queued, processing (with the seconds it may still take), completed (with the brief and where its facts came from) or failed.
         */
        get: operations["getResearchStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's Autopilots
         * @description Top to bottom, the order routing checks them in; `archived=true` lists the archived ones instead.
         */
        get: operations["listAutopilots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilots/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reorder the Autopilots
         * @description Names top to bottom; Autopilots not named keep their order below them.
         */
        put: operations["orderAutopilots"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilots/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An Autopilot */
        get: operations["getAutopilot"];
        /**
         * Create or change an Autopilot
         * @description The whole document; fields left out take their defaults, `enabled` left out keeps its state (a new one starts off). A refused document answers every problem in words, each with its path.
         */
        put: operations["putAutopilot"];
        post?: never;
        /**
         * Archive an Autopilot
         * @description It stops enrolling; its leads carry on.
         */
        delete: operations["archiveAutopilot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilots/{name}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview a draft Autopilot
         * @description The draft against the last contacts received, beside routing as it stands: which it would match and enrol, and from whom it would take them; with the draft's problems as `PUT` would answer them.
         */
        post: operations["previewAutopilot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * CRM properties seen on recent contacts
         * @description The properties the contacts received last hold (the last 1,000; erased ones left out), each with how many hold it and a few of its values, the most common first: suggestions for building a filter.
         */
        get: operations["listPropertiesSeen"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's Autopilot settings */
        get: operations["getAutopilotSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change Autopilot settings
         * @description The settings to change; null switches one off or clears it.
         */
        patch: operations["updateAutopilotSettings"];
        trace?: never;
    };
    "/autopilot/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand over new contacts
         * @description The CRM port: 1 to 100 contacts as the CRM created them; each new one is routed within seconds.
         */
        post: operations["createContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/contacts/{id}/properties": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A contact's properties changed
         * @description Kept; a contact still being routed is looked at again now, and a stop condition may end its lead.
         */
        post: operations["updateContactProperties"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/contacts/{id}/activities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An activity on a contact
         * @description A call, a meeting or an e-mail reply the CRM logged: it may end the lead (a win), or is recorded on its timeline.
         */
        post: operations["createContactActivity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A lead and its timeline */
        get: operations["getLead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/leads/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a lead
         * @description By hand: its queued touches are cancelled. A lead that had ended stays as it was (`closed: false`).
         */
        post: operations["closeLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every Autopilot's leads by outcome */
        get: operations["listAutopilotStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilots/{name}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An Autopilot's leads by outcome */
        get: operations["getAutopilotStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/contacts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where routing put a contact, and why */
        get: operations["getContact"];
        put?: never;
        post?: never;
        /**
         * A contact deleted in the CRM
         * @description Withdrawn when it is still being routed, its active lead closed; `erase=true` also erases everything personal about it (a privacy deletion).
         */
        delete: operations["deleteContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/autopilot/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's leads
         * @description Newest first, a page at a time: pass `next_before` as `before` for the next.
         */
        get: operations["listLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unsubscribe/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The unsubscribe page
         * @description The page an e-mail's unsubscribe link opens, with a button; it changes nothing (mail scanners open links).
         */
        get: operations["getUnsubscribePage"];
        put?: never;
        /**
         * Unsubscribe a lead
         * @description The button, or a mail client's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`, in any body type): the lead ends `unsubscribed` at once, its queued touches cancelled. Asking again answers the same page.
         */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mailboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's mailboxes */
        get: operations["listMailboxes"];
        put?: never;
        /**
         * Add a mailbox
         * @description A mailbox the Autopilot sends e-mail touches from (SMTP) and reads replies into (IMAP); its passwords are stored encrypted with SECRET_KEY and never answered.
         */
        post: operations["createMailbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mailboxes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A mailbox */
        get: operations["getMailbox"];
        put?: never;
        post?: never;
        /** Remove a mailbox */
        delete: operations["deleteMailbox"];
        options?: never;
        head?: never;
        /**
         * Change a mailbox
         * @description The fields to change; a server left without `password` keeps its own; `imap: null` stops reading replies.
         */
        patch: operations["updateMailbox"];
        trace?: never;
    };
    "/mailboxes/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try a mailbox's servers
         * @description Connects and logs in to its SMTP server and, when it has one, its IMAP server; says in words what worked or failed.
         */
        post: operations["testMailbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's seats */
        get: operations["listSeats"];
        put?: never;
        /**
         * Add a seat
         * @description A LinkedIn, WhatsApp or Telegram account connected in Unipile that the Autopilot sends touches as.
         */
        post: operations["createSeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seats/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A seat */
        get: operations["getSeat"];
        put?: never;
        post?: never;
        /** Remove a seat */
        delete: operations["deleteSeat"];
        options?: never;
        head?: never;
        /** Change a seat */
        patch: operations["updateSeat"];
        trace?: never;
    };
    "/unipile/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unipile's webhook deliveries
         * @description Messages, relations and account statuses of the seats, each proved by the `Unipile-Auth` header the webhooks were registered with.
         */
        post: operations["receiveUnipileWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's webhooks */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe a webhook
         * @description Lead events POSTed to `url`, signed as Standard Webhooks with the `secret` this answer shows once.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Unsubscribe a webhook */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lead events
         * @description The account's events, oldest first, a page at a time: pass the answer's `next_after` as `after` for the next.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credit-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credit alerts
         * @description Whether e-mails go out at 75% and 95% of the monthly credits, to whom, from which mailbox, and the latest ones.
         */
        get: operations["getCreditAlerts"];
        /**
         * Turn credit alerts on
         * @description Sent to this address from the account's first mailbox.
         */
        put: operations["setCreditAlerts"];
        post?: never;
        /** Turn credit alerts off */
        delete: operations["deleteCreditAlerts"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** Research brief */
        "def-0": {
            prospect: {
                id: number;
                name: string | null;
                title: string | null;
                company: string | null;
                email: string | null;
                linkedin_url: string | null;
                photo: string | null;
                last_role_start: string | null;
                summary: string | null;
                opening_talk: string[] | null;
                posts: {
                    text: string;
                    posted: string;
                    post_url: string;
                    reshared: boolean;
                    summary: string | null;
                }[] | null;
            };
            company: {
                id: number;
                name: string | null;
                description: string | null;
                linkedin_url: string | null;
                website: string | null;
                industry: string | null;
                hq: string | null;
                revenue: string | null;
                employees: string | null;
                technologies: string[] | null;
                problems: string[] | null;
                services: string[] | null;
                icp: string[] | null;
                synergy_points: string[] | null;
                discovery_questions: string[] | null;
                clients: {
                    count: string;
                }[] | null;
                news: {
                    summary: string;
                    url: string;
                    date: string;
                }[] | null;
                insights: string[] | null;
                posts: {
                    text: string;
                    posted: string;
                    post_url: string;
                    reshared: boolean;
                    summary: string | null;
                }[] | null;
            };
            decision_makers: {
                id: number;
                full_name: string;
                position_title: string;
                linkedin_url: string;
                picture_url: string | null;
                location_text: string | null;
                company_name: string;
            }[];
        };
        /** Autopilot answer */
        "def-1": {
            name: string;
            enabled: boolean;
            fallback: boolean;
            filter: {
                /** @enum {unknown} */
                match: "all" | "any";
                rules: {
                    property: string;
                    /** @enum {unknown} */
                    operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                    values: (string | number | boolean)[];
                }[];
            };
            channels: ("email" | "linkedin" | "whatsapp" | "telegram")[];
            /** @enum {unknown} */
            tone: "Friendly" | "Direct" | "Formal" | "Founder";
            goal: {
                /** @enum {unknown} */
                type: "engage" | "meetings" | "self_serve" | "qualify";
                calendar_link?: string;
                pricing_url?: string;
                questions?: string[];
            };
            lead_origin: string | null;
            threading: boolean;
            sequence: {
                day: number;
                /** @enum {unknown} */
                channel: "email" | "linkedin" | "whatsapp" | "telegram";
                /** @enum {unknown} */
                kind: "email" | "connection_request" | "message";
                angle: string;
                subject_angle: string | null;
                signals: ("posts" | "company_posts" | "news" | "role" | "technologies" | "problems" | "services" | "synergy_points" | "insights" | "discovery_questions")[];
                warm_only?: boolean;
                note?: boolean;
            }[];
            stop_conditions: {
                reply: boolean;
                call_connected: boolean;
                meeting_booked: boolean;
                invite_accepted: boolean;
                property_changes: {
                    property: string;
                    value: string | null;
                }[];
            };
            readonly id: number;
            position: number | null;
            /** @description Goes up by one each time the document changes (switching on or off is not a change of the document). */
            readonly revision: number;
            enabled_at: string | null;
            /** @description ISO 8601 with offset */
            created_at: string;
            /** @description ISO 8601 with offset */
            updated_at: string;
            archived_at: string | null;
            readonly problems: {
                /** @enum {unknown} */
                severity: "error" | "blocks_enabling" | "warning";
                path: string;
                message: string;
            }[];
            /** @description Present when the Autopilot has property-change stop conditions and the account has CRM sources that say how they watch properties (a HubSpot portal): per stop property, how each source watches it. */
            readonly stop_properties?: {
                /** @description A property of the Autopilot's `stop_conditions.property_changes`, as it names it. */
                property: string;
                sources: {
                    /** @description Where contacts come from: a CRM app's source, such as `hubspot:12345`. */
                    source: string;
                    /** @enum {unknown} */
                    watched: "webhook" | "sweep" | "not_watched";
                    within_minutes: number | null;
                    /** @description The same in words. */
                    text: string;
                }[];
            }[];
        };
        /** Autopilot lead */
        "def-2": {
            id: number;
            contact_id: string;
            /** @description Where its contact comes from: `api`, or a CRM app's source such as `hubspot:12345`. */
            contact_source: string;
            email: string | null;
            /** @description The Autopilot's name. */
            autopilot: string;
            autopilot_id: number;
            /** @description The document's revision that enrolled it. */
            autopilot_revision: number;
            /** @enum {unknown} */
            enrolled_by: "matched" | "fallback" | "reprocessed" | "assigned";
            /** @enum {unknown} */
            outcome: "Active" | "Responded" | "Closed" | "Failed";
            end_reason: ("replied" | "call_connected" | "meeting_booked" | "invite_accepted" | "property_changed" | "unsubscribed" | "closed_manually" | "sequence_ended" | "no_reachable_channel" | "fell_behind" | "domain_excluded" | "autopilot_archived") | null;
            research_id: string | null;
            /** @description An earlier brief of the same address was reused ("research each contact only once"): no credit was taken. */
            research_reused: boolean;
            /** @description ISO 8601 with offset */
            enrolled_at: string;
            ended_at: string | null;
        };
        /** DELETE /autopilot/contacts/{id} answer */
        "def-3": {
            id: string;
            /** @description Where the contact comes from: `api` (POST /autopilot/contacts), or a CRM app's own source such as `hubspot:12345` (a HubSpot portal). */
            source: string;
            /**
             * @description Where the contact is now.
             * @enum {unknown}
             */
            state: "received" | "waiting" | "enrolled" | "skipped" | "abandoned";
            /** @description True when it was still being routed (received or waiting): it is now abandoned (`removed_in_crm`), no research, no credit. */
            withdrawn: boolean;
            closed_lead: number | null;
            /** @description What happened, in words. */
            text: string;
        };
        /** DELETE /autopilot/contacts/{id}?erase=true answer */
        "def-4": {
            /** @description The contact's id as kept: the CRM's own, or `erased:` and a hash when the id was itself personal (it held an e-mail address, or repeated the contact's address, name or phone). */
            id: string;
            /** @description Where the contact comes from: `api` (POST /autopilot/contacts), or a CRM app's own source such as `hubspot:12345` (a HubSpot portal). */
            source: string;
            /**
             * @description Where the contact is now.
             * @enum {unknown}
             */
            state: "received" | "waiting" | "enrolled" | "skipped" | "abandoned";
            /** @description True when it was still being routed (received or waiting): it is now abandoned (`removed_in_crm`), no research, no credit. */
            withdrawn: boolean;
            closed_lead: number | null;
            lead_id: number | null;
            /** @description When it was erased: now, or the first time when it had been erased before. */
            erased_at: string;
            /** @description True when it had been erased before: nothing was left to erase. */
            already_erased: boolean;
            erased: {
                /** @description 1 when the contact's properties, address and explanation were erased; 0 when nothing was left. */
                contact: number;
                /** @description Research jobs of the contact's lead and of the account's other research of its address: request, brief, rejections and Idempotency-Key erased (a job still running is stopped and its credit refunded). */
                research: number;
                /** @description Cached briefs of the address deleted. */
                research_cache: number;
                /** @description The person's ids (by address or profile URL) deleted. */
                people: number;
                /** @description What paid sources answered about the person (person facts; decision-maker lists naming them) deleted. */
                source_facts: number;
                /** @description The person's entries removed from the decision makers of the account's other briefs. */
                decision_makers: number;
                /** @description Touches whose subject, body, Message-ID or provider id and skip detail were erased. */
                touches: number;
                /** @description Events of the lead's timeline whose details (reply texts, activity texts, property values) were erased. */
                lead_events: number;
                /** @description Messages the channels read from or about the person: e-mail senders and subjects erased; the seat events naming them deleted. */
                inbound_messages: number;
                /** @description The person's provider ids, chats and invitations on the seats deleted. */
                channel_threads: number;
                /** @description Events of the outbox (GET /events, webhooks not yet delivered) whose contact, subject and explanation were erased. */
                events: number;
            };
            /** @description True when its address had unsubscribed: a hash of the address is kept, so the opt-out still holds. */
            suppressed: boolean;
            /** @description What was erased and what is kept, in words. */
            text: string;
        };
        /** Mailbox */
        "def-5": {
            id: number;
            from_address: string;
            from_name: string | null;
            smtp: {
                host: string;
                port: number;
                /** @enum {unknown} */
                security: "tls" | "starttls" | "none";
                user: string;
                /** @description Whether the SMTP password is stored; the password itself is never answered. */
                password_set: boolean;
            };
            imap: {
                host: string;
                port: number;
                /** @enum {unknown} */
                security: "tls" | "starttls" | "none";
                user: string;
                /** @description Whether the IMAP password is stored; the password itself is never answered. */
                password_set: boolean;
            } | null;
            time_zone: string;
            sending_hours: {
                /** @description Local time HH:mm in the mailbox time zone; the window is [start, end). */
                start: string;
                /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                end: string;
            };
            sending_days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
            daily_limit: number;
            warmup: {
                start_per_day: number;
                increase_per_day: number;
                started_on: string;
            } | null;
            reading: {
                last_read_at: string | null;
                error: string | null;
            };
            created_at: string;
            updated_at: string;
        };
        /** Seat */
        "def-6": {
            id: number;
            /** @enum {unknown} */
            channel: "linkedin" | "whatsapp" | "telegram";
            unipile_account_id: string;
            label: string;
            time_zone: string;
            window: {
                /** @description Local time HH:mm in the seat time zone; the window is [start, end). */
                start: string;
                /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                end: string;
            };
            days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
            messages_per_day: number;
            invitations_per_day: number | null;
            invitations_per_week: number | null;
            warmup: {
                start_per_day: number;
                increase_per_day: number;
                started_on: string;
            } | null;
            /**
             * @description disconnected: Unipile lost the account; its touches wait, held with status_detail, until it is connected again.
             * @enum {unknown}
             */
            status: "connected" | "disconnected";
            status_detail: string | null;
            status_changed_at: string;
            created_at: string;
            updated_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        openapi: "3.1.0";
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getApiDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "name": "Acme Sales",
                     *       "plan": "bdr",
                     *       "language": "en",
                     *       "decision_makers": true,
                     *       "credits": {
                     *         "used": 12,
                     *         "limit": 500,
                     *         "remaining": 488,
                     *         "cycle_started_at": "2026-11-01T00:00:00.000+00:00",
                     *         "resets_at": "2026-12-01T00:00:00.000+00:00"
                     *       },
                     *       "product": {
                     *         "name": "Ledgerly",
                     *         "description": "Accounts-payable automation for mid-sized manufacturers.",
                     *         "features": [
                     *           "Invoice capture"
                     *         ],
                     *         "customers": [
                     *           "CFOs of manufacturers"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        id: number;
                        name: string;
                        /** @enum {unknown} */
                        plan: "free" | "individual" | "bdr" | "bdr_plus" | "enterprise";
                        /**
                         * @description The language generated text is written in.
                         * @enum {unknown}
                         */
                        language: "en" | "pl" | "de" | "fr" | "es" | "it" | "pt" | "nl";
                        /** @description Whether briefs look for the company’s decision makers. */
                        decision_makers: boolean;
                        credits: {
                            used: number;
                            limit: number;
                            remaining: number;
                            /** @description ISO 8601 with offset */
                            cycle_started_at: string;
                            /** @description ISO 8601 with offset */
                            resets_at: string;
                        };
                        product: {
                            name: string;
                            description: string;
                            features: string[];
                            customers: string[];
                        } | null;
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Ledgerly",
                     *       "description": "Accounts-payable automation for mid-sized manufacturers: invoices captured, matched and approved without typing.",
                     *       "features": [
                     *         "Invoice capture from e-mail and PDF",
                     *         "Three-way matching",
                     *         "Approval flows in Slack"
                     *       ],
                     *       "customers": [
                     *         "CFOs of manufacturers with 200 to 2,000 staff",
                     *         "Heads of accounts payable"
                     *       ],
                     *       "updated_at": "2026-11-27T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        name: string;
                        description: string;
                        features: string[];
                        customers: string[];
                        /** @description When it became the current product, ISO 8601 with offset. */
                        updated_at: string;
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `product_not_set` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "product_not_set";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    putProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ledgerly",
                 *       "description": "Accounts-payable automation for mid-sized manufacturers: invoices captured, matched and approved without typing.",
                 *       "features": [
                 *         "Invoice capture from e-mail and PDF",
                 *         "Three-way matching",
                 *         "Approval flows in Slack"
                 *       ],
                 *       "customers": [
                 *         "CFOs of manufacturers with 200 to 2,000 staff",
                 *         "Heads of accounts payable"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description What the product is called. */
                    name: string;
                    /** @description What it does and for whom, in a few sentences. */
                    description: string;
                    /** @description Its key features: briefs look for the needs they answer. */
                    features: string[];
                    /** @description Who buys it: briefs say how the prospect fits. */
                    customers: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Ledgerly",
                     *       "description": "Accounts-payable automation for mid-sized manufacturers: invoices captured, matched and approved without typing.",
                     *       "features": [
                     *         "Invoice capture from e-mail and PDF",
                     *         "Three-way matching",
                     *         "Approval flows in Slack"
                     *       ],
                     *       "customers": [
                     *         "CFOs of manufacturers with 200 to 2,000 staff",
                     *         "Heads of accounts payable"
                     *       ],
                     *       "updated_at": "2026-11-27T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        name: string;
                        description: string;
                        features: string[];
                        customers: string[];
                        /** @description When it became the current product, ISO 8601 with offset. */
                        updated_at: string;
                    };
                };
            };
            /** @description One of `invalid_product`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_product" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "id": 2,
                     *           "label": "n8n production",
                     *           "hint": "pr_live_...x7Qa",
                     *           "created_at": "2026-11-20T09:30:00.000+00:00",
                     *           "revoked_at": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        keys: {
                            id: number;
                            /** @description What the owner called it; empty for keys made without one. */
                            label: string;
                            /** @description The prefix and the last four characters. */
                            hint: string;
                            /** @description ISO 8601 with offset */
                            created_at: string;
                            revoked_at: string | null;
                        }[];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "label": "n8n production"
                 *     }
                 */
                "application/json": {
                    /** @description A name to tell the key apart by, such as "n8n production". */
                    label: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 2,
                     *       "label": "n8n production",
                     *       "hint": "pr_live_...x7Qa",
                     *       "created_at": "2026-11-20T09:30:00.000+00:00",
                     *       "revoked_at": null,
                     *       "key": "pr_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaax7Qa"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        /** @description What the owner called it; empty for keys made without one. */
                        label: string;
                        /** @description The prefix and the last four characters. */
                        hint: string;
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        revoked_at: string | null;
                        /** @description The key: shown this once, stored only as a hash. */
                        key: string;
                    };
                };
            };
            /** @description One of `invalid_api_key`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_api_key" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `api_key_limit_reached` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "api_key_limit_reached";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id (from `GET /keys`) */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 2,
                     *       "label": "n8n production",
                     *       "hint": "pr_live_...x7Qa",
                     *       "created_at": "2026-11-20T09:30:00.000+00:00",
                     *       "revoked_at": "2026-11-27T16:00:00.000+00:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        /** @description What the owner called it; empty for keys made without one. */
                        label: string;
                        /** @description The prefix and the last four characters. */
                        hint: string;
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        revoked_at: string | null;
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `api_key_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "api_key_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "anna@acme.example",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in (the cookie in `Set-Cookie`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": 4,
                     *         "email": "anna@acme.example",
                     *         "name": "Anna Novak"
                     *       },
                     *       "account": {
                     *         "id": 1,
                     *         "name": "Acme Sales"
                     *       },
                     *       "role": "admin",
                     *       "accounts": [
                     *         {
                     *           "id": 1,
                     *           "name": "Acme Sales",
                     *           "role": "admin"
                     *         }
                     *       ],
                     *       "csrf_token": "b3Jt2QvJ1mUuYw5p0qX6Jk8n7Zr4Vt9sLe2Hc1Ga0Do",
                     *       "expires_at": "2026-11-28T09:15:00.000+00:00"
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: number;
                            email: string;
                            name: string;
                        };
                        account: {
                            id: number;
                            name: string;
                        };
                        /**
                         * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                         * @enum {unknown}
                         */
                        role: "member" | "admin" | "owner";
                        accounts: {
                            id: number;
                            name: string;
                            /**
                             * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                             * @enum {unknown}
                             */
                            role: "member" | "admin" | "owner";
                        }[];
                        /** @description Send it as the `x-csrf-token` header on every change made with the session cookie. */
                        csrf_token: string;
                        /** @description When the session ends if left idle (or at its absolute end, when sooner); ISO 8601 with offset. */
                        expires_at: string;
                    };
                };
            };
            /** @description One of `invalid_body`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_body" | "invalid_json";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `invalid_credentials` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_credentials";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `csrf_failed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `too_many_attempts` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "too_many_attempts";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `secret_key_missing`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "secret_key_missing" | "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": 4,
                     *         "email": "anna@acme.example",
                     *         "name": "Anna Novak"
                     *       },
                     *       "account": {
                     *         "id": 1,
                     *         "name": "Acme Sales"
                     *       },
                     *       "role": "admin",
                     *       "accounts": [
                     *         {
                     *           "id": 1,
                     *           "name": "Acme Sales",
                     *           "role": "admin"
                     *         }
                     *       ],
                     *       "csrf_token": "b3Jt2QvJ1mUuYw5p0qX6Jk8n7Zr4Vt9sLe2Hc1Ga0Do",
                     *       "expires_at": "2026-11-28T09:15:00.000+00:00"
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: number;
                            email: string;
                            name: string;
                        };
                        account: {
                            id: number;
                            name: string;
                        };
                        /**
                         * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                         * @enum {unknown}
                         */
                        role: "member" | "admin" | "owner";
                        accounts: {
                            id: number;
                            name: string;
                            /**
                             * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                             * @enum {unknown}
                             */
                            role: "member" | "admin" | "owner";
                        }[];
                        /** @description Send it as the `x-csrf-token` header on every change made with the session cookie. */
                        csrf_token: string;
                        /** @description When the session ends if left idle (or at its absolute end, when sooner); ISO 8601 with offset. */
                        expires_at: string;
                    };
                };
            };
            /** @description `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    chooseSessionAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "account_id": 1
                 *     }
                 */
                "application/json": {
                    account_id: number;
                };
            };
        };
        responses: {
            /** @description The session, in that account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": 4,
                     *         "email": "anna@acme.example",
                     *         "name": "Anna Novak"
                     *       },
                     *       "account": {
                     *         "id": 1,
                     *         "name": "Acme Sales"
                     *       },
                     *       "role": "admin",
                     *       "accounts": [
                     *         {
                     *           "id": 1,
                     *           "name": "Acme Sales",
                     *           "role": "admin"
                     *         }
                     *       ],
                     *       "csrf_token": "b3Jt2QvJ1mUuYw5p0qX6Jk8n7Zr4Vt9sLe2Hc1Ga0Do",
                     *       "expires_at": "2026-11-28T09:15:00.000+00:00"
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: number;
                            email: string;
                            name: string;
                        };
                        account: {
                            id: number;
                            name: string;
                        };
                        /**
                         * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                         * @enum {unknown}
                         */
                        role: "member" | "admin" | "owner";
                        accounts: {
                            id: number;
                            name: string;
                            /**
                             * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                             * @enum {unknown}
                             */
                            role: "member" | "admin" | "owner";
                        }[];
                        /** @description Send it as the `x-csrf-token` header on every change made with the session cookie. */
                        csrf_token: string;
                        /** @description When the session ends if left idle (or at its absolute end, when sooner); ISO 8601 with offset. */
                        expires_at: string;
                    };
                };
            };
            /** @description One of `invalid_body`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_body" | "invalid_json";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `csrf_failed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "account_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `csrf_failed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `csrf_failed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of the link */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": "anna@acme.example",
                     *       "account": {
                     *         "id": 1,
                     *         "name": "Acme Sales"
                     *       },
                     *       "role": "admin",
                     *       "expires_at": "2026-12-04T10:00:00.000+00:00"
                     *     }
                     */
                    "application/json": {
                        /** @description Whom it is for; null on the first start’s owner invitation, whose owner gives an address on accepting. */
                        email: string | null;
                        account: {
                            id: number;
                            name: string;
                        };
                        /**
                         * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                         * @enum {unknown}
                         */
                        role: "member" | "admin" | "owner";
                        /** @description ISO 8601 with offset */
                        expires_at: string;
                    };
                };
            };
            /** @description `invitation_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invitation_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of the link */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "correct horse battery staple",
                 *       "name": "Anna Novak"
                 *     }
                 */
                "application/json": {
                    /** @description At least 12 characters. */
                    password: string;
                    name?: string;
                    /** @description Only on an invitation without an address (the first start’s owner): the address to sign in with. */
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Signed in (the cookie in `Set-Cookie`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": 4,
                     *         "email": "anna@acme.example",
                     *         "name": "Anna Novak"
                     *       },
                     *       "account": {
                     *         "id": 1,
                     *         "name": "Acme Sales"
                     *       },
                     *       "role": "admin",
                     *       "accounts": [
                     *         {
                     *           "id": 1,
                     *           "name": "Acme Sales",
                     *           "role": "admin"
                     *         }
                     *       ],
                     *       "csrf_token": "b3Jt2QvJ1mUuYw5p0qX6Jk8n7Zr4Vt9sLe2Hc1Ga0Do",
                     *       "expires_at": "2026-11-28T09:15:00.000+00:00"
                     *     }
                     */
                    "application/json": {
                        user: {
                            id: number;
                            email: string;
                            name: string;
                        };
                        account: {
                            id: number;
                            name: string;
                        };
                        /**
                         * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                         * @enum {unknown}
                         */
                        role: "member" | "admin" | "owner";
                        accounts: {
                            id: number;
                            name: string;
                            /**
                             * @description `member` reads and closes leads; `admin` also changes Autopilots, settings and channels; `owner` also manages people and API keys.
                             * @enum {unknown}
                             */
                            role: "member" | "admin" | "owner";
                        }[];
                        /** @description Send it as the `x-csrf-token` header on every change made with the session cookie. */
                        csrf_token: string;
                        /** @description When the session ends if left idle (or at its absolute end, when sooner); ISO 8601 with offset. */
                        expires_at: string;
                    };
                };
            };
            /** @description One of `invalid_password`, `invalid_user`, `invalid_body`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_password" | "invalid_user" | "invalid_body" | "invalid_json";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `invalid_credentials` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_credentials";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `csrf_failed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `invitation_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invitation_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `too_many_attempts` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "too_many_attempts";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `secret_key_missing`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "secret_key_missing" | "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    createResearch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 visible ASCII characters */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "jane.doe@ledgerly.example",
                 *       "prospect_name": "Jane Doe",
                 *       "company_name": "Ledgerly"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: work-email
                     * @description Prospect's work e-mail address.
                     */
                    email: string;
                    /** @description Full name; improves match accuracy. */
                    prospect_name?: string;
                    /** @description Improves match accuracy. */
                    company_name?: string;
                    /**
                     * Format: web-url
                     * @description Prospect's profile URL (http or https).
                     */
                    linkedin_url?: string;
                    /**
                     * Format: web-url
                     * @description Overrides the auto-detected company page URL.
                     */
                    company_linkedin_url?: string;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "research_id": "0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10",
                     *       "status": "processing",
                     *       "estimated_seconds": 40
                     *     }
                     */
                    "application/json": {
                        research_id: string;
                        /** @enum {string} */
                        status: "processing";
                        estimated_seconds: number;
                    };
                };
            };
            /** @description One of `missing_email`, `invalid_body`, `invalid_email_format`, `invalid_prospect_name`, `invalid_company_name`, `invalid_linkedin_url`, `invalid_company_linkedin_url`, `invalid_idempotency_key`, `api_key_has_no_product`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_email" | "invalid_body" | "invalid_email_format" | "invalid_prospect_name" | "invalid_company_name" | "invalid_linkedin_url" | "invalid_company_linkedin_url" | "invalid_idempotency_key" | "api_key_has_no_product" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "idempotency_key_reused";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `credits_exhausted`, `trial_limit_reached` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "credits_exhausted" | "trial_limit_reached";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getResearchStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `research_id` of `POST /research` */
                researchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "research_id": "0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10",
                     *       "status": "processing",
                     *       "estimated_seconds": 25
                     *     }
                     */
                    "application/json": {
                        research_id: string;
                        /** @enum {string} */
                        status: "queued";
                    } | {
                        research_id: string;
                        /** @enum {string} */
                        status: "processing";
                        estimated_seconds: number;
                    } | {
                        research_id: string;
                        /** @enum {string} */
                        status: "completed";
                        completed_at: string;
                        data: components["schemas"]["def-0"];
                        cached: boolean;
                        empty_reason: ("no_sources_configured" | "nothing_found" | "sources_failed") | null;
                        provenance: {
                            degraded: boolean;
                            fields: {
                                [key: string]: {
                                    source: string;
                                    fetched_at: string | null;
                                    /** @enum {boolean} */
                                    translated?: true;
                                }[];
                            };
                            sources: {
                                source: string;
                                part: "person" | "company" | "technologies" | "photo" | "prospect_posts" | "company_posts" | "news" | "decision_makers";
                                outcome: "found" | "not_found" | "failed";
                                at: string;
                                cached: boolean;
                                failure: ("timeout" | "http_5xx" | "rate_limited" | "network" | "unauthorized" | "http_4xx" | "invalid_response" | "aborted" | "error") | null;
                            }[];
                            decision_makers: "found" | "none_found" | "lookup_failed" | "not_configured" | "not_in_plan";
                        } | null;
                    } | {
                        research_id: string;
                        /** @enum {string} */
                        status: "failed";
                        error: "internal_error" | "timeout";
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listAutopilots: {
        parameters: {
            query?: {
                /** @description `true`: the archived Autopilots */
                archived?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "autopilots": [
                     *         {
                     *           "name": "German manufacturers",
                     *           "enabled": true,
                     *           "fallback": false,
                     *           "filter": {
                     *             "match": "all",
                     *             "rules": [
                     *               {
                     *                 "property": "country",
                     *                 "operator": "is",
                     *                 "values": [
                     *                   "Germany"
                     *                 ]
                     *               }
                     *             ]
                     *           },
                     *           "channels": [
                     *             "email"
                     *           ],
                     *           "tone": "Friendly",
                     *           "goal": {
                     *             "type": "meetings",
                     *             "calendar_link": "https://cal.acme.example/anna"
                     *           },
                     *           "lead_origin": null,
                     *           "threading": true,
                     *           "sequence": [
                     *             {
                     *               "day": 1,
                     *               "channel": "email",
                     *               "kind": "email",
                     *               "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                     *               "subject_angle": null,
                     *               "signals": []
                     *             },
                     *             {
                     *               "day": 4,
                     *               "channel": "email",
                     *               "kind": "email",
                     *               "angle": "A short follow-up with one customer result.",
                     *               "subject_angle": null,
                     *               "signals": []
                     *             }
                     *           ],
                     *           "stop_conditions": {
                     *             "reply": true,
                     *             "call_connected": true,
                     *             "meeting_booked": true,
                     *             "invite_accepted": false,
                     *             "property_changes": []
                     *           },
                     *           "id": 2,
                     *           "position": 1,
                     *           "revision": 3,
                     *           "enabled_at": "2026-11-20T10:00:00.000+01:00",
                     *           "created_at": "2026-11-20T10:00:00.000+01:00",
                     *           "updated_at": "2026-11-20T10:00:00.000+01:00",
                     *           "archived_at": null,
                     *           "problems": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        autopilots: components["schemas"]["def-1"][];
                    };
                };
            };
            /** @description One of `invalid_query`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    orderAutopilots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "names": [
                 *         "German manufacturers",
                 *         "Everyone else"
                 *       ]
                 *     }
                 */
                "application/json": {
                    names: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "autopilots": [
                     *         {
                     *           "name": "German manufacturers",
                     *           "enabled": true,
                     *           "fallback": false,
                     *           "filter": {
                     *             "match": "all",
                     *             "rules": [
                     *               {
                     *                 "property": "country",
                     *                 "operator": "is",
                     *                 "values": [
                     *                   "Germany"
                     *                 ]
                     *               }
                     *             ]
                     *           },
                     *           "channels": [
                     *             "email"
                     *           ],
                     *           "tone": "Friendly",
                     *           "goal": {
                     *             "type": "meetings",
                     *             "calendar_link": "https://cal.acme.example/anna"
                     *           },
                     *           "lead_origin": null,
                     *           "threading": true,
                     *           "sequence": [
                     *             {
                     *               "day": 1,
                     *               "channel": "email",
                     *               "kind": "email",
                     *               "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                     *               "subject_angle": null,
                     *               "signals": []
                     *             },
                     *             {
                     *               "day": 4,
                     *               "channel": "email",
                     *               "kind": "email",
                     *               "angle": "A short follow-up with one customer result.",
                     *               "subject_angle": null,
                     *               "signals": []
                     *             }
                     *           ],
                     *           "stop_conditions": {
                     *             "reply": true,
                     *             "call_connected": true,
                     *             "meeting_booked": true,
                     *             "invite_accepted": false,
                     *             "property_changes": []
                     *           },
                     *           "id": 2,
                     *           "position": 1,
                     *           "revision": 3,
                     *           "enabled_at": "2026-11-20T10:00:00.000+01:00",
                     *           "created_at": "2026-11-20T10:00:00.000+01:00",
                     *           "updated_at": "2026-11-20T10:00:00.000+01:00",
                     *           "archived_at": null,
                     *           "problems": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        autopilots: components["schemas"]["def-1"][];
                    };
                };
            };
            /** @description One of `invalid_autopilot_order`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_autopilot_order" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getAutopilot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The Autopilot's name (any case) */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Autopilot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "German manufacturers",
                     *       "enabled": true,
                     *       "fallback": false,
                     *       "filter": {
                     *         "match": "all",
                     *         "rules": [
                     *           {
                     *             "property": "country",
                     *             "operator": "is",
                     *             "values": [
                     *               "Germany"
                     *             ]
                     *           }
                     *         ]
                     *       },
                     *       "channels": [
                     *         "email"
                     *       ],
                     *       "tone": "Friendly",
                     *       "goal": {
                     *         "type": "meetings",
                     *         "calendar_link": "https://cal.acme.example/anna"
                     *       },
                     *       "lead_origin": null,
                     *       "threading": true,
                     *       "sequence": [
                     *         {
                     *           "day": 1,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         },
                     *         {
                     *           "day": 4,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "A short follow-up with one customer result.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         }
                     *       ],
                     *       "stop_conditions": {
                     *         "reply": true,
                     *         "call_connected": true,
                     *         "meeting_booked": true,
                     *         "invite_accepted": false,
                     *         "property_changes": []
                     *       },
                     *       "id": 2,
                     *       "position": 1,
                     *       "revision": 3,
                     *       "enabled_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00",
                     *       "archived_at": null,
                     *       "problems": []
                     *     }
                     */
                    "application/json": {
                        name: string;
                        enabled: boolean;
                        fallback: boolean;
                        filter: {
                            /** @enum {unknown} */
                            match: "all" | "any";
                            rules: {
                                property: string;
                                /** @enum {unknown} */
                                operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                                values: (string | number | boolean)[];
                            }[];
                        };
                        channels: ("email" | "linkedin" | "whatsapp" | "telegram")[];
                        /** @enum {unknown} */
                        tone: "Friendly" | "Direct" | "Formal" | "Founder";
                        goal: {
                            /** @enum {unknown} */
                            type: "engage" | "meetings" | "self_serve" | "qualify";
                            calendar_link?: string;
                            pricing_url?: string;
                            questions?: string[];
                        };
                        lead_origin: string | null;
                        threading: boolean;
                        sequence: {
                            day: number;
                            /** @enum {unknown} */
                            channel: "email" | "linkedin" | "whatsapp" | "telegram";
                            /** @enum {unknown} */
                            kind: "email" | "connection_request" | "message";
                            angle: string;
                            subject_angle: string | null;
                            signals: ("posts" | "company_posts" | "news" | "role" | "technologies" | "problems" | "services" | "synergy_points" | "insights" | "discovery_questions")[];
                            warm_only?: boolean;
                            note?: boolean;
                        }[];
                        stop_conditions: {
                            reply: boolean;
                            call_connected: boolean;
                            meeting_booked: boolean;
                            invite_accepted: boolean;
                            property_changes: {
                                property: string;
                                value: string | null;
                            }[];
                        };
                        readonly id: number;
                        position: number | null;
                        /** @description Goes up by one each time the document changes (switching on or off is not a change of the document). */
                        readonly revision: number;
                        enabled_at: string | null;
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        /** @description ISO 8601 with offset */
                        updated_at: string;
                        archived_at: string | null;
                        readonly problems: {
                            /** @enum {unknown} */
                            severity: "error" | "blocks_enabling" | "warning";
                            path: string;
                            message: string;
                        }[];
                        /** @description Present when the Autopilot has property-change stop conditions and the account has CRM sources that say how they watch properties (a HubSpot portal): per stop property, how each source watches it. */
                        readonly stop_properties?: {
                            /** @description A property of the Autopilot's `stop_conditions.property_changes`, as it names it. */
                            property: string;
                            sources: {
                                /** @description Where contacts come from: a CRM app's source, such as `hubspot:12345`. */
                                source: string;
                                /** @enum {unknown} */
                                watched: "webhook" | "sweep" | "not_watched";
                                within_minutes: number | null;
                                /** @description The same in words. */
                                text: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `autopilot_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "autopilot_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    putAutopilot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The Autopilot's name (any case) */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "German manufacturers",
                 *       "enabled": true,
                 *       "fallback": false,
                 *       "filter": {
                 *         "match": "all",
                 *         "rules": [
                 *           {
                 *             "property": "country",
                 *             "operator": "is",
                 *             "values": [
                 *               "Germany"
                 *             ]
                 *           }
                 *         ]
                 *       },
                 *       "channels": [
                 *         "email"
                 *       ],
                 *       "tone": "Friendly",
                 *       "goal": {
                 *         "type": "meetings",
                 *         "calendar_link": "https://cal.acme.example/anna"
                 *       },
                 *       "lead_origin": null,
                 *       "threading": true,
                 *       "sequence": [
                 *         {
                 *           "day": 1,
                 *           "channel": "email",
                 *           "kind": "email",
                 *           "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                 *           "subject_angle": null,
                 *           "signals": []
                 *         },
                 *         {
                 *           "day": 4,
                 *           "channel": "email",
                 *           "kind": "email",
                 *           "angle": "A short follow-up with one customer result.",
                 *           "subject_angle": null,
                 *           "signals": []
                 *         }
                 *       ],
                 *       "stop_conditions": {
                 *         "reply": true,
                 *         "call_connected": true,
                 *         "meeting_booked": true,
                 *         "invite_accepted": false,
                 *         "property_changes": []
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Free text, unique in the account regardless of case. */
                    name: string;
                    enabled?: boolean;
                    /**
                     * @description Skipped in the normal pass; gets the last look at a lead before it is abandoned.
                     * @default false
                     */
                    fallback?: boolean;
                    filter: {
                        /**
                         * @description `all`: every rule must hold (AND); `any`: one is enough (OR).
                         * @default all
                         * @enum {unknown}
                         */
                        match?: "all" | "any";
                        /** @description At most 3 rules. No rules: the Autopilot matches every lead (a catch-all). */
                        rules: {
                            /** @description A CRM contact property, by its internal name (HubSpot: `country`, `numberofemployees`). Matched case-insensitively. */
                            property: string;
                            /**
                             * @description `is`, `is_not` (several values: any of them), `contains`, `not_contains`, `gt`, `gte`, `lt`, `lte` (one number or date), `between` (two: lower and upper, inclusive), `is_known`, `is_unknown` (no values).
                             * @enum {unknown}
                             */
                            operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                            /** @description Text, numbers or true/false for `is` and `is_not`; text for `contains`; a number or an ISO 8601 date for comparisons. */
                            values?: (string | number | boolean)[];
                        }[];
                    };
                    channels: ("email" | "linkedin" | "whatsapp" | "telegram")[];
                    /**
                     * @description Changes voice and greeting only.
                     * @enum {unknown}
                     */
                    tone: "Friendly" | "Direct" | "Formal" | "Founder";
                    goal: {
                        /** @enum {unknown} */
                        type: "engage" | "meetings" | "self_serve" | "qualify";
                        /** @description `meetings` only: an http(s) link to book a meeting. */
                        calendar_link?: string;
                        /** @description `self_serve` only: the http(s) pricing page. */
                        pricing_url?: string;
                        /** @description `qualify` only: 1 to 3 questions, asked in order, one per message. */
                        questions?: string[];
                    };
                    lead_origin?: string | null;
                    /**
                     * @description Later e-mails reply in the thread of the first; only the first has a subject.
                     * @default true
                     */
                    threading?: boolean;
                    sequence: {
                        /** @description 1 is the enrolment day; later days are business days. */
                        day: number;
                        /** @enum {unknown} */
                        channel: "email" | "linkedin" | "whatsapp" | "telegram";
                        /**
                         * @description `email` on email; `connection_request` or `message` on linkedin; `message` on whatsapp and telegram.
                         * @enum {unknown}
                         */
                        kind: "email" | "connection_request" | "message";
                        /** @description The instruction the message is written from, per lead at send time. */
                        angle: string;
                        subject_angle?: string | null;
                        /** @description Research signals the message builds on. */
                        signals?: ("posts" | "company_posts" | "news" | "role" | "technologies" | "problems" | "services" | "synergy_points" | "insights" | "discovery_questions")[];
                        /**
                         * @description Waits until the lead is warm (accepted a connection request, or replied on any channel); gives up three weeks after its date (never_warmed_up).
                         * @default false
                         */
                        warm_only?: boolean;
                        /**
                         * @description `connection_request` steps only: false sends the request without a note (no message is written).
                         * @default true
                         */
                        note?: boolean;
                    }[];
                    stop_conditions?: {
                        /**
                         * @description A reply on any channel (never an auto-reply).
                         * @default true
                         */
                        reply?: boolean;
                        /**
                         * @description A call logged on the CRM contact with a Connected outcome.
                         * @default true
                         */
                        call_connected?: boolean;
                        /**
                         * @description A meeting logged in the CRM after enrolment.
                         * @default true
                         */
                        meeting_booked?: boolean;
                        /**
                         * @description The lead accepted a connection request.
                         * @default false
                         */
                        invite_accepted?: boolean;
                        property_changes?: {
                            /** @description A CRM contact property, by its internal name (HubSpot: `country`, `numberofemployees`). Matched case-insensitively. */
                            property: string;
                            value?: string | null;
                        }[];
                    };
                    readonly id?: unknown;
                    readonly position?: unknown;
                    readonly revision?: unknown;
                    readonly enabled_at?: unknown;
                    readonly created_at?: unknown;
                    readonly updated_at?: unknown;
                    readonly archived_at?: unknown;
                    readonly problems?: unknown;
                    readonly stop_properties?: unknown;
                };
            };
        };
        responses: {
            /** @description Changed (or unchanged) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "German manufacturers",
                     *       "enabled": true,
                     *       "fallback": false,
                     *       "filter": {
                     *         "match": "all",
                     *         "rules": [
                     *           {
                     *             "property": "country",
                     *             "operator": "is",
                     *             "values": [
                     *               "Germany"
                     *             ]
                     *           }
                     *         ]
                     *       },
                     *       "channels": [
                     *         "email"
                     *       ],
                     *       "tone": "Friendly",
                     *       "goal": {
                     *         "type": "meetings",
                     *         "calendar_link": "https://cal.acme.example/anna"
                     *       },
                     *       "lead_origin": null,
                     *       "threading": true,
                     *       "sequence": [
                     *         {
                     *           "day": 1,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         },
                     *         {
                     *           "day": 4,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "A short follow-up with one customer result.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         }
                     *       ],
                     *       "stop_conditions": {
                     *         "reply": true,
                     *         "call_connected": true,
                     *         "meeting_booked": true,
                     *         "invite_accepted": false,
                     *         "property_changes": []
                     *       },
                     *       "id": 2,
                     *       "position": 1,
                     *       "revision": 3,
                     *       "enabled_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00",
                     *       "archived_at": null,
                     *       "problems": []
                     *     }
                     */
                    "application/json": {
                        name: string;
                        enabled: boolean;
                        fallback: boolean;
                        filter: {
                            /** @enum {unknown} */
                            match: "all" | "any";
                            rules: {
                                property: string;
                                /** @enum {unknown} */
                                operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                                values: (string | number | boolean)[];
                            }[];
                        };
                        channels: ("email" | "linkedin" | "whatsapp" | "telegram")[];
                        /** @enum {unknown} */
                        tone: "Friendly" | "Direct" | "Formal" | "Founder";
                        goal: {
                            /** @enum {unknown} */
                            type: "engage" | "meetings" | "self_serve" | "qualify";
                            calendar_link?: string;
                            pricing_url?: string;
                            questions?: string[];
                        };
                        lead_origin: string | null;
                        threading: boolean;
                        sequence: {
                            day: number;
                            /** @enum {unknown} */
                            channel: "email" | "linkedin" | "whatsapp" | "telegram";
                            /** @enum {unknown} */
                            kind: "email" | "connection_request" | "message";
                            angle: string;
                            subject_angle: string | null;
                            signals: ("posts" | "company_posts" | "news" | "role" | "technologies" | "problems" | "services" | "synergy_points" | "insights" | "discovery_questions")[];
                            warm_only?: boolean;
                            note?: boolean;
                        }[];
                        stop_conditions: {
                            reply: boolean;
                            call_connected: boolean;
                            meeting_booked: boolean;
                            invite_accepted: boolean;
                            property_changes: {
                                property: string;
                                value: string | null;
                            }[];
                        };
                        readonly id: number;
                        position: number | null;
                        /** @description Goes up by one each time the document changes (switching on or off is not a change of the document). */
                        readonly revision: number;
                        enabled_at: string | null;
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        /** @description ISO 8601 with offset */
                        updated_at: string;
                        archived_at: string | null;
                        readonly problems: {
                            /** @enum {unknown} */
                            severity: "error" | "blocks_enabling" | "warning";
                            path: string;
                            message: string;
                        }[];
                        /** @description Present when the Autopilot has property-change stop conditions and the account has CRM sources that say how they watch properties (a HubSpot portal): per stop property, how each source watches it. */
                        readonly stop_properties?: {
                            /** @description A property of the Autopilot's `stop_conditions.property_changes`, as it names it. */
                            property: string;
                            sources: {
                                /** @description Where contacts come from: a CRM app's source, such as `hubspot:12345`. */
                                source: string;
                                /** @enum {unknown} */
                                watched: "webhook" | "sweep" | "not_watched";
                                within_minutes: number | null;
                                /** @description The same in words. */
                                text: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Created (its address in `Location`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "German manufacturers",
                     *       "enabled": true,
                     *       "fallback": false,
                     *       "filter": {
                     *         "match": "all",
                     *         "rules": [
                     *           {
                     *             "property": "country",
                     *             "operator": "is",
                     *             "values": [
                     *               "Germany"
                     *             ]
                     *           }
                     *         ]
                     *       },
                     *       "channels": [
                     *         "email"
                     *       ],
                     *       "tone": "Friendly",
                     *       "goal": {
                     *         "type": "meetings",
                     *         "calendar_link": "https://cal.acme.example/anna"
                     *       },
                     *       "lead_origin": null,
                     *       "threading": true,
                     *       "sequence": [
                     *         {
                     *           "day": 1,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         },
                     *         {
                     *           "day": 4,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "A short follow-up with one customer result.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         }
                     *       ],
                     *       "stop_conditions": {
                     *         "reply": true,
                     *         "call_connected": true,
                     *         "meeting_booked": true,
                     *         "invite_accepted": false,
                     *         "property_changes": []
                     *       },
                     *       "id": 2,
                     *       "position": 1,
                     *       "revision": 3,
                     *       "enabled_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00",
                     *       "archived_at": null,
                     *       "problems": []
                     *     }
                     */
                    "application/json": {
                        name: string;
                        enabled: boolean;
                        fallback: boolean;
                        filter: {
                            /** @enum {unknown} */
                            match: "all" | "any";
                            rules: {
                                property: string;
                                /** @enum {unknown} */
                                operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                                values: (string | number | boolean)[];
                            }[];
                        };
                        channels: ("email" | "linkedin" | "whatsapp" | "telegram")[];
                        /** @enum {unknown} */
                        tone: "Friendly" | "Direct" | "Formal" | "Founder";
                        goal: {
                            /** @enum {unknown} */
                            type: "engage" | "meetings" | "self_serve" | "qualify";
                            calendar_link?: string;
                            pricing_url?: string;
                            questions?: string[];
                        };
                        lead_origin: string | null;
                        threading: boolean;
                        sequence: {
                            day: number;
                            /** @enum {unknown} */
                            channel: "email" | "linkedin" | "whatsapp" | "telegram";
                            /** @enum {unknown} */
                            kind: "email" | "connection_request" | "message";
                            angle: string;
                            subject_angle: string | null;
                            signals: ("posts" | "company_posts" | "news" | "role" | "technologies" | "problems" | "services" | "synergy_points" | "insights" | "discovery_questions")[];
                            warm_only?: boolean;
                            note?: boolean;
                        }[];
                        stop_conditions: {
                            reply: boolean;
                            call_connected: boolean;
                            meeting_booked: boolean;
                            invite_accepted: boolean;
                            property_changes: {
                                property: string;
                                value: string | null;
                            }[];
                        };
                        readonly id: number;
                        position: number | null;
                        /** @description Goes up by one each time the document changes (switching on or off is not a change of the document). */
                        readonly revision: number;
                        enabled_at: string | null;
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        /** @description ISO 8601 with offset */
                        updated_at: string;
                        archived_at: string | null;
                        readonly problems: {
                            /** @enum {unknown} */
                            severity: "error" | "blocks_enabling" | "warning";
                            path: string;
                            message: string;
                        }[];
                        /** @description Present when the Autopilot has property-change stop conditions and the account has CRM sources that say how they watch properties (a HubSpot portal): per stop property, how each source watches it. */
                        readonly stop_properties?: {
                            /** @description A property of the Autopilot's `stop_conditions.property_changes`, as it names it. */
                            property: string;
                            sources: {
                                /** @description Where contacts come from: a CRM app's source, such as `hubspot:12345`. */
                                source: string;
                                /** @enum {unknown} */
                                watched: "webhook" | "sweep" | "not_watched";
                                within_minutes: number | null;
                                /** @description The same in words. */
                                text: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description One of `invalid_autopilot`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_autopilot" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    archiveAutopilot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The Autopilot's name (any case) */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Autopilot archived */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "German manufacturers",
                     *       "enabled": true,
                     *       "fallback": false,
                     *       "filter": {
                     *         "match": "all",
                     *         "rules": [
                     *           {
                     *             "property": "country",
                     *             "operator": "is",
                     *             "values": [
                     *               "Germany"
                     *             ]
                     *           }
                     *         ]
                     *       },
                     *       "channels": [
                     *         "email"
                     *       ],
                     *       "tone": "Friendly",
                     *       "goal": {
                     *         "type": "meetings",
                     *         "calendar_link": "https://cal.acme.example/anna"
                     *       },
                     *       "lead_origin": null,
                     *       "threading": true,
                     *       "sequence": [
                     *         {
                     *           "day": 1,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         },
                     *         {
                     *           "day": 4,
                     *           "channel": "email",
                     *           "kind": "email",
                     *           "angle": "A short follow-up with one customer result.",
                     *           "subject_angle": null,
                     *           "signals": []
                     *         }
                     *       ],
                     *       "stop_conditions": {
                     *         "reply": true,
                     *         "call_connected": true,
                     *         "meeting_booked": true,
                     *         "invite_accepted": false,
                     *         "property_changes": []
                     *       },
                     *       "id": 2,
                     *       "position": 1,
                     *       "revision": 3,
                     *       "enabled_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00",
                     *       "archived_at": null,
                     *       "problems": []
                     *     }
                     */
                    "application/json": {
                        name: string;
                        enabled: boolean;
                        fallback: boolean;
                        filter: {
                            /** @enum {unknown} */
                            match: "all" | "any";
                            rules: {
                                property: string;
                                /** @enum {unknown} */
                                operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                                values: (string | number | boolean)[];
                            }[];
                        };
                        channels: ("email" | "linkedin" | "whatsapp" | "telegram")[];
                        /** @enum {unknown} */
                        tone: "Friendly" | "Direct" | "Formal" | "Founder";
                        goal: {
                            /** @enum {unknown} */
                            type: "engage" | "meetings" | "self_serve" | "qualify";
                            calendar_link?: string;
                            pricing_url?: string;
                            questions?: string[];
                        };
                        lead_origin: string | null;
                        threading: boolean;
                        sequence: {
                            day: number;
                            /** @enum {unknown} */
                            channel: "email" | "linkedin" | "whatsapp" | "telegram";
                            /** @enum {unknown} */
                            kind: "email" | "connection_request" | "message";
                            angle: string;
                            subject_angle: string | null;
                            signals: ("posts" | "company_posts" | "news" | "role" | "technologies" | "problems" | "services" | "synergy_points" | "insights" | "discovery_questions")[];
                            warm_only?: boolean;
                            note?: boolean;
                        }[];
                        stop_conditions: {
                            reply: boolean;
                            call_connected: boolean;
                            meeting_booked: boolean;
                            invite_accepted: boolean;
                            property_changes: {
                                property: string;
                                value: string | null;
                            }[];
                        };
                        readonly id: number;
                        position: number | null;
                        /** @description Goes up by one each time the document changes (switching on or off is not a change of the document). */
                        readonly revision: number;
                        enabled_at: string | null;
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        /** @description ISO 8601 with offset */
                        updated_at: string;
                        archived_at: string | null;
                        readonly problems: {
                            /** @enum {unknown} */
                            severity: "error" | "blocks_enabling" | "warning";
                            path: string;
                            message: string;
                        }[];
                        /** @description Present when the Autopilot has property-change stop conditions and the account has CRM sources that say how they watch properties (a HubSpot portal): per stop property, how each source watches it. */
                        readonly stop_properties?: {
                            /** @description A property of the Autopilot's `stop_conditions.property_changes`, as it names it. */
                            property: string;
                            sources: {
                                /** @description Where contacts come from: a CRM app's source, such as `hubspot:12345`. */
                                source: string;
                                /** @enum {unknown} */
                                watched: "webhook" | "sweep" | "not_watched";
                                within_minutes: number | null;
                                /** @description The same in words. */
                                text: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `autopilot_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "autopilot_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    previewAutopilot: {
        parameters: {
            query?: {
                /** @description How many of the last contacts, from 1 to 1000 */
                contacts?: number;
                /** @description Where the draft would sit, from 1 */
                position?: number;
            };
            header?: never;
            path: {
                /** @description The Autopilot's name (any case) */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "German manufacturers",
                 *       "enabled": true,
                 *       "fallback": false,
                 *       "filter": {
                 *         "match": "all",
                 *         "rules": [
                 *           {
                 *             "property": "country",
                 *             "operator": "is",
                 *             "values": [
                 *               "Germany"
                 *             ]
                 *           }
                 *         ]
                 *       },
                 *       "channels": [
                 *         "email"
                 *       ],
                 *       "tone": "Friendly",
                 *       "goal": {
                 *         "type": "meetings",
                 *         "calendar_link": "https://cal.acme.example/anna"
                 *       },
                 *       "lead_origin": null,
                 *       "threading": true,
                 *       "sequence": [
                 *         {
                 *           "day": 1,
                 *           "channel": "email",
                 *           "kind": "email",
                 *           "angle": "Open with their latest news; one line on how Ledgerly cuts invoice handling.",
                 *           "subject_angle": null,
                 *           "signals": []
                 *         },
                 *         {
                 *           "day": 4,
                 *           "channel": "email",
                 *           "kind": "email",
                 *           "angle": "A short follow-up with one customer result.",
                 *           "subject_angle": null,
                 *           "signals": []
                 *         }
                 *       ],
                 *       "stop_conditions": {
                 *         "reply": true,
                 *         "call_connected": true,
                 *         "meeting_booked": true,
                 *         "invite_accepted": false,
                 *         "property_changes": []
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Free text, unique in the account regardless of case. */
                    name: string;
                    enabled?: boolean;
                    /**
                     * @description Skipped in the normal pass; gets the last look at a lead before it is abandoned.
                     * @default false
                     */
                    fallback?: boolean;
                    filter: {
                        /**
                         * @description `all`: every rule must hold (AND); `any`: one is enough (OR).
                         * @default all
                         * @enum {unknown}
                         */
                        match?: "all" | "any";
                        /** @description At most 3 rules. No rules: the Autopilot matches every lead (a catch-all). */
                        rules: {
                            /** @description A CRM contact property, by its internal name (HubSpot: `country`, `numberofemployees`). Matched case-insensitively. */
                            property: string;
                            /**
                             * @description `is`, `is_not` (several values: any of them), `contains`, `not_contains`, `gt`, `gte`, `lt`, `lte` (one number or date), `between` (two: lower and upper, inclusive), `is_known`, `is_unknown` (no values).
                             * @enum {unknown}
                             */
                            operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                            /** @description Text, numbers or true/false for `is` and `is_not`; text for `contains`; a number or an ISO 8601 date for comparisons. */
                            values?: (string | number | boolean)[];
                        }[];
                    };
                    channels: ("email" | "linkedin" | "whatsapp" | "telegram")[];
                    /**
                     * @description Changes voice and greeting only.
                     * @enum {unknown}
                     */
                    tone: "Friendly" | "Direct" | "Formal" | "Founder";
                    goal: {
                        /** @enum {unknown} */
                        type: "engage" | "meetings" | "self_serve" | "qualify";
                        /** @description `meetings` only: an http(s) link to book a meeting. */
                        calendar_link?: string;
                        /** @description `self_serve` only: the http(s) pricing page. */
                        pricing_url?: string;
                        /** @description `qualify` only: 1 to 3 questions, asked in order, one per message. */
                        questions?: string[];
                    };
                    lead_origin?: string | null;
                    /**
                     * @description Later e-mails reply in the thread of the first; only the first has a subject.
                     * @default true
                     */
                    threading?: boolean;
                    sequence: {
                        /** @description 1 is the enrolment day; later days are business days. */
                        day: number;
                        /** @enum {unknown} */
                        channel: "email" | "linkedin" | "whatsapp" | "telegram";
                        /**
                         * @description `email` on email; `connection_request` or `message` on linkedin; `message` on whatsapp and telegram.
                         * @enum {unknown}
                         */
                        kind: "email" | "connection_request" | "message";
                        /** @description The instruction the message is written from, per lead at send time. */
                        angle: string;
                        subject_angle?: string | null;
                        /** @description Research signals the message builds on. */
                        signals?: ("posts" | "company_posts" | "news" | "role" | "technologies" | "problems" | "services" | "synergy_points" | "insights" | "discovery_questions")[];
                        /**
                         * @description Waits until the lead is warm (accepted a connection request, or replied on any channel); gives up three weeks after its date (never_warmed_up).
                         * @default false
                         */
                        warm_only?: boolean;
                        /**
                         * @description `connection_request` steps only: false sends the request without a note (no message is written).
                         * @default true
                         */
                        note?: boolean;
                    }[];
                    stop_conditions?: {
                        /**
                         * @description A reply on any channel (never an auto-reply).
                         * @default true
                         */
                        reply?: boolean;
                        /**
                         * @description A call logged on the CRM contact with a Connected outcome.
                         * @default true
                         */
                        call_connected?: boolean;
                        /**
                         * @description A meeting logged in the CRM after enrolment.
                         * @default true
                         */
                        meeting_booked?: boolean;
                        /**
                         * @description The lead accepted a connection request.
                         * @default false
                         */
                        invite_accepted?: boolean;
                        property_changes?: {
                            /** @description A CRM contact property, by its internal name (HubSpot: `country`, `numberofemployees`). Matched case-insensitively. */
                            property: string;
                            value?: string | null;
                        }[];
                    };
                    readonly id?: unknown;
                    readonly position?: unknown;
                    readonly revision?: unknown;
                    readonly enabled_at?: unknown;
                    readonly created_at?: unknown;
                    readonly updated_at?: unknown;
                    readonly archived_at?: unknown;
                    readonly problems?: unknown;
                    readonly stop_properties?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "autopilot": "German manufacturers",
                     *       "position": 1,
                     *       "fallback": false,
                     *       "contacts_checked": 1,
                     *       "would_match": 1,
                     *       "would_enrol": 1,
                     *       "taken_from": [],
                     *       "from_waiting": 1,
                     *       "still_waiting": 0,
                     *       "skipped": 0,
                     *       "problems": [
                     *         {
                     *           "severity": "warning",
                     *           "path": "/sequence/0",
                     *           "message": "E-mail steps will not send until the account has an e-mail signature and a sender identity (PATCH /autopilot/settings, or prospect-engine settings set)"
                     *         }
                     *       ],
                     *       "contacts": [
                     *         {
                     *           "id": "1201",
                     *           "source": "api",
                     *           "email": "jane.doe@ledgerly.example",
                     *           "matches": true,
                     *           "today": {
                     *             "state": "waiting",
                     *             "reason": "no_match",
                     *             "autopilot": null
                     *           },
                     *           "with_draft": {
                     *             "state": "enrolled",
                     *             "reason": "matched",
                     *             "autopilot": "German manufacturers"
                     *           },
                     *           "rules": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        autopilot: string;
                        /** @description Where the draft sits: its own position, or the one asked for, or the bottom for a new one. */
                        position: number;
                        fallback: boolean;
                        contacts_checked: number;
                        /** @description Contacts whose properties its filter matches, wherever they go. */
                        would_match: number;
                        /** @description Contacts it would enrol: it matches and no Autopilot above it does. */
                        would_enrol: number;
                        /** @description Of those, the ones an Autopilot below it gets today, by Autopilot. */
                        taken_from: {
                            autopilot: string;
                            contacts: number;
                        }[];
                        /** @description Of those, the ones no Autopilot gets today (they wait, or were abandoned). */
                        from_waiting: number;
                        /** @description Contacts no Autopilot would get, the draft included. */
                        still_waiting: number;
                        /** @description Contacts the skip rules leave out, or without an e-mail address: no filter is looked at. */
                        skipped: number;
                        /** @description The draft's problems as `PUT` would answer them: what blocks enabling and the warnings, those about the rest of the account included (a draft with an `error` is refused instead). */
                        problems: {
                            /** @enum {unknown} */
                            severity: "error" | "blocks_enabling" | "warning";
                            path: string;
                            message: string;
                        }[];
                        contacts: {
                            id: string;
                            /** @description Where the contact comes from: `api` (POST /autopilot/contacts), or a CRM app's own source such as `hubspot:12345` (a HubSpot portal). */
                            source: string;
                            email: string | null;
                            matches: boolean;
                            today: {
                                /** @enum {unknown} */
                                state: "received" | "waiting" | "enrolled" | "skipped" | "abandoned";
                                reason: ("matched" | "fallback" | "reprocessed" | "assigned" | "no_match" | "no_email" | "credits_exhausted" | "no_product" | "role_based_address" | "free_mailbox_provider" | "excluded_domain" | "unsubscribed" | "removed_in_crm") | null;
                                autopilot: string | null;
                            };
                            with_draft: {
                                /** @enum {unknown} */
                                state: "received" | "waiting" | "enrolled" | "skipped" | "abandoned";
                                reason: ("matched" | "fallback" | "reprocessed" | "assigned" | "no_match" | "no_email" | "credits_exhausted" | "no_product" | "role_based_address" | "free_mailbox_provider" | "excluded_domain" | "unsubscribed" | "removed_in_crm") | null;
                                autopilot: string | null;
                            };
                            rules: {
                                /** @description 1 for the first rule. */
                                rule: number;
                                property: string;
                                /** @enum {unknown} */
                                operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                                matched: boolean;
                                /** @enum {unknown} */
                                reason: "matched" | "no_match" | "unknown" | "not_a_number" | "not_a_date";
                                contact_value: string | null;
                                /** @description The rule in words: `country is Germany`. */
                                description: string;
                                /** @description The verdict: `country is Germany: no, the contact says France`. */
                                text: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description One of `invalid_query`, `invalid_autopilot`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "invalid_autopilot" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listPropertiesSeen: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "contacts_checked": 120,
                     *       "properties_seen": [
                     *         {
                     *           "property": "country",
                     *           "contacts": 118,
                     *           "examples": [
                     *             "Germany",
                     *             "France",
                     *             "Poland"
                     *           ]
                     *         },
                     *         {
                     *           "property": "numberofemployees",
                     *           "contacts": 96,
                     *           "examples": [
                     *             "120",
                     *             "450",
                     *             "2000"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description How many of the contacts received last were read (at most 1000; erased ones left out). */
                        contacts_checked: number;
                        /** @description The most common first (then by name), at most 500. */
                        properties_seen: {
                            /** @description The property as the CRM names it (internal name). */
                            property: string;
                            /** @description How many of those contacts hold a value for it (not null, not blank). */
                            contacts: number;
                            /** @description Up to 3 of its values, the most common first, each on one line and cut to 80 characters; a list's values joined with ";". */
                            examples: string[];
                        }[];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getAutopilotSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "queue_wait_hours": 6,
                     *       "drop_behind_days": null,
                     *       "skip_role_based": true,
                     *       "skip_free_providers": false,
                     *       "excluded_domains": [
                     *         "competitor.example"
                     *       ],
                     *       "research_once": true,
                     *       "content_language": "en",
                     *       "email_signature": "Anna Novak\nAcme Sales",
                     *       "sender_identity": {
                     *         "name": "Anna Novak",
                     *         "company": "Acme Sales",
                     *         "postal_address": "Hauptstraße 1, 10115 Berlin, Germany"
                     *       },
                     *       "email_ready": true
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description How long a lead no Autopilot matches waits before the fallbacks get their look.
                         * @default 6
                         * @enum {unknown}
                         */
                        queue_wait_hours: 2 | 6 | 12 | 24 | 48;
                        drop_behind_days: (7 | 14 | 30 | 60) | null;
                        /**
                         * @description Skip role addresses such as info@, sales@, support@.
                         * @default false
                         */
                        skip_role_based: boolean;
                        /**
                         * @description Skip addresses at free mailbox providers.
                         * @default false
                         */
                        skip_free_providers: boolean;
                        /** @description Never researched or contacted (subdomains included). */
                        excluded_domains: string[];
                        /**
                         * @description Research each contact only once.
                         * @default true
                         */
                        research_once: boolean;
                        /**
                         * @description The account's language: research and messages are written in it.
                         * @enum {unknown}
                         */
                        content_language: "en" | "pl" | "de" | "fr" | "es" | "it" | "pt" | "nl";
                        email_signature: string | null;
                        sender_identity: {
                            /** @description Who sends: a person or the company. */
                            name: string;
                            company: string;
                            /** @description The postal address commercial e-mail must carry. */
                            postal_address: string;
                        } | null;
                        /** @description Both the signature and the sender identity are set: e-mail steps may send. */
                        readonly email_ready: boolean;
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    updateAutopilotSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "queue_wait_hours": 12
                 *     }
                 */
                "application/json": {
                    /** @enum {unknown} */
                    queue_wait_hours?: 2 | 6 | 12 | 24 | 48;
                    drop_behind_days?: (7 | 14 | 30 | 60) | null;
                    skip_role_based?: boolean;
                    skip_free_providers?: boolean;
                    excluded_domains?: string[];
                    research_once?: boolean;
                    /** @enum {unknown} */
                    content_language?: "en" | "pl" | "de" | "fr" | "es" | "it" | "pt" | "nl";
                    email_signature?: string | null;
                    sender_identity?: {
                        /** @description Who sends: a person or the company. */
                        name?: string;
                        company?: string;
                        /** @description The postal address commercial e-mail must carry. */
                        postal_address?: string;
                    } | null;
                    readonly email_ready?: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "queue_wait_hours": 12,
                     *       "drop_behind_days": null,
                     *       "skip_role_based": true,
                     *       "skip_free_providers": false,
                     *       "excluded_domains": [
                     *         "competitor.example"
                     *       ],
                     *       "research_once": true,
                     *       "content_language": "en",
                     *       "email_signature": "Anna Novak\nAcme Sales",
                     *       "sender_identity": {
                     *         "name": "Anna Novak",
                     *         "company": "Acme Sales",
                     *         "postal_address": "Hauptstraße 1, 10115 Berlin, Germany"
                     *       },
                     *       "email_ready": true
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description How long a lead no Autopilot matches waits before the fallbacks get their look.
                         * @default 6
                         * @enum {unknown}
                         */
                        queue_wait_hours: 2 | 6 | 12 | 24 | 48;
                        drop_behind_days: (7 | 14 | 30 | 60) | null;
                        /**
                         * @description Skip role addresses such as info@, sales@, support@.
                         * @default false
                         */
                        skip_role_based: boolean;
                        /**
                         * @description Skip addresses at free mailbox providers.
                         * @default false
                         */
                        skip_free_providers: boolean;
                        /** @description Never researched or contacted (subdomains included). */
                        excluded_domains: string[];
                        /**
                         * @description Research each contact only once.
                         * @default true
                         */
                        research_once: boolean;
                        /**
                         * @description The account's language: research and messages are written in it.
                         * @enum {unknown}
                         */
                        content_language: "en" | "pl" | "de" | "fr" | "es" | "it" | "pt" | "nl";
                        email_signature: string | null;
                        sender_identity: {
                            /** @description Who sends: a person or the company. */
                            name: string;
                            company: string;
                            /** @description The postal address commercial e-mail must carry. */
                            postal_address: string;
                        } | null;
                        /** @description Both the signature and the sender identity are set: e-mail steps may send. */
                        readonly email_ready: boolean;
                    };
                };
            };
            /** @description One of `invalid_autopilot_settings`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_autopilot_settings" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "account_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    createContacts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contacts": [
                 *         {
                 *           "id": "1201",
                 *           "created_at": "2026-11-27T09:00:00Z",
                 *           "properties": {
                 *             "email": "jane.doe@ledgerly.example",
                 *             "country": "Germany"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    contacts: {
                        /** @description The CRM's id of the contact (HubSpot's `hs_object_id`), as text. */
                        id: string;
                        /** @description When the CRM created the contact, ISO 8601 with an offset. Only Autopilots switched on before it act on the contact. */
                        created_at: string;
                        /** @description The CRM contact's properties by internal name (HubSpot: `email`, `country`, `numberofemployees`); `email` is the address research takes. */
                        properties: {
                            [key: string]: (string | number | boolean | null) | (string | number | boolean | null)[];
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "received": 1,
                     *       "new": 1,
                     *       "known": 0
                     *     }
                     */
                    "application/json": {
                        /** @description Contacts in the request. */
                        received: number;
                        /** @description Contacts the engine did not know: each is routed now. */
                        new: number;
                        /** @description Contacts sent before (or twice in this request): nothing changes for them. */
                        known: number;
                    };
                };
            };
            /** @description One of `invalid_contacts`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_contacts" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    updateContactProperties: {
        parameters: {
            query?: {
                /** @description Where the contact comes from: `api` (the default), or a CRM app's own source such as `hubspot:12345` */
                source?: string;
            };
            header?: never;
            path: {
                /** @description The CRM's id of the contact */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "properties": {
                 *         "lifecyclestage": "opportunity"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description The CRM contact's properties by internal name (HubSpot: `email`, `country`, `numberofemployees`); `email` is the address research takes. */
                    properties: {
                        [key: string]: (string | number | boolean | null) | (string | number | boolean | null)[];
                    };
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1201",
                     *       "source": "api",
                     *       "state": "enrolled",
                     *       "rechecked": false
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @description Where the contact comes from: `api` (POST /autopilot/contacts), or a CRM app's own source such as `hubspot:12345` (a HubSpot portal). */
                        source: string;
                        /**
                         * @description Where the contact is now.
                         * @enum {unknown}
                         */
                        state: "received" | "waiting" | "enrolled" | "skipped" | "abandoned";
                        /** @description True for a contact still being routed (received or waiting): routing looks at it again now. */
                        rechecked: boolean;
                        /** @description Only when the change ended the contact's active lead: a stop condition's property changed (to its value, when it has one). */
                        ended_lead?: {
                            id: number;
                            /** @enum {string} */
                            outcome: "Closed";
                            /** @enum {string} */
                            end_reason: "property_changed";
                            /** @description The stop condition's property, as its Autopilot names it. */
                            property: string;
                        };
                    };
                };
            };
            /** @description One of `invalid_query`, `invalid_properties`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "invalid_properties" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `contact_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "contact_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    createContactActivity: {
        parameters: {
            query?: {
                /** @description Where the contact comes from: `api` (the default), or a CRM app's own source such as `hubspot:12345` */
                source?: string;
            };
            header?: never;
            path: {
                /** @description The CRM's id of the contact */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "meeting",
                 *       "occurred_at": "2026-11-27T14:30:00+01:00",
                 *       "id": "meeting-88"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description `call` (a call logged on the contact), `meeting` (a meeting booked), `email_reply` (an e-mail the contact sent).
                     * @enum {unknown}
                     */
                    type: "call" | "meeting" | "email_reply";
                    /** @description When it happened, ISO 8601 with an offset: the call, when the meeting was booked (not when it takes place), when the reply arrived. Before the lead was enrolled, it never counts. */
                    occurred_at: string;
                    /** @description The CRM's id of the activity (HubSpot's engagement id). The same id twice is one activity; without it, the same type at the same instant is. */
                    id?: string;
                    /** @description `call` only: whether the call connected. When left out, `disposition` decides. */
                    connected?: boolean;
                    /** @description `call` only: its outcome as the CRM names it: `Connected` (any case) or HubSpot's default Connected id is a connected call. */
                    disposition?: string;
                    /** @description `email_reply` only: the reply's text, kept on the timeline. Never read to tell an auto-reply apart: a person may write that they are away. */
                    text?: string;
                    /** @description `email_reply` only: the subject line, kept on the timeline. One an auto-responder writes ("Automatic reply: ...", "Abwesenheitsnotiz", in the eight content languages) makes it an auto-reply. */
                    subject?: string;
                    /** @description `email_reply` only: header fields of the reply the CRM kept, by name (any case) to a value or a list of values, e.g. `{"Auto-Submitted": "auto-replied"}`. Checked before the subject: `Auto-Submitted` (but `no`), `X-Autoreply`, `Precedence: bulk`, an empty `Return-Path`... make it an auto-reply. */
                    headers?: {
                        [key: string]: string | string[];
                    };
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "contact_id": "1201",
                     *       "contact_source": "api",
                     *       "type": "meeting",
                     *       "lead_id": 17,
                     *       "effect": "ended_lead",
                     *       "outcome": "Responded",
                     *       "end_reason": "meeting_booked",
                     *       "text": "A meeting was booked: the lead responded"
                     *     }
                     */
                    "application/json": {
                        contact_id: string;
                        /** @description Where the contact comes from: `api` (POST /autopilot/contacts), or a CRM app's own source such as `hubspot:12345` (a HubSpot portal). */
                        contact_source: string;
                        /** @enum {unknown} */
                        type: "call" | "meeting" | "email_reply";
                        lead_id: number | null;
                        /** @enum {unknown} */
                        effect: "ended_lead" | "recorded" | "lead_ended" | "duplicate" | "before_enrolment" | "no_lead" | "auto_reply";
                        outcome: ("Active" | "Responded" | "Closed" | "Failed") | null;
                        end_reason: ("replied" | "call_connected" | "meeting_booked" | "invite_accepted" | "property_changed" | "unsubscribed" | "closed_manually" | "sequence_ended" | "no_reachable_channel" | "fell_behind" | "domain_excluded" | "autopilot_archived") | null;
                        /** @description What happened, in words. */
                        text: string;
                    };
                };
            };
            /** @description One of `invalid_query`, `invalid_activity`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "invalid_activity" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `contact_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "contact_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 17,
                     *       "contact_id": "1201",
                     *       "contact_source": "api",
                     *       "email": "jane.doe@ledgerly.example",
                     *       "autopilot": "German manufacturers",
                     *       "autopilot_id": 2,
                     *       "autopilot_revision": 3,
                     *       "enrolled_by": "matched",
                     *       "outcome": "Active",
                     *       "end_reason": null,
                     *       "research_id": "0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10",
                     *       "research_reused": false,
                     *       "enrolled_at": "2026-11-20T10:00:00.000+01:00",
                     *       "ended_at": null,
                     *       "timeline": [
                     *         {
                     *           "type": "enrolled",
                     *           "at": "2026-11-20T10:00:00.000+01:00",
                     *           "autopilot": "German manufacturers",
                     *           "enrolled_by": "matched"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        id: number;
                        contact_id: string;
                        /** @description Where its contact comes from: `api`, or a CRM app's source such as `hubspot:12345`. */
                        contact_source: string;
                        email: string | null;
                        /** @description The Autopilot's name. */
                        autopilot: string;
                        autopilot_id: number;
                        /** @description The document's revision that enrolled it. */
                        autopilot_revision: number;
                        /** @enum {unknown} */
                        enrolled_by: "matched" | "fallback" | "reprocessed" | "assigned";
                        /** @enum {unknown} */
                        outcome: "Active" | "Responded" | "Closed" | "Failed";
                        end_reason: ("replied" | "call_connected" | "meeting_booked" | "invite_accepted" | "property_changed" | "unsubscribed" | "closed_manually" | "sequence_ended" | "no_reachable_channel" | "fell_behind" | "domain_excluded" | "autopilot_archived") | null;
                        research_id: string | null;
                        /** @description An earlier brief of the same address was reused ("research each contact only once"): no credit was taken. */
                        research_reused: boolean;
                        /** @description ISO 8601 with offset */
                        enrolled_at: string;
                        ended_at: string | null;
                        timeline: ({
                            /** @enum {string} */
                            type: "enrolled";
                            /** @description ISO 8601 with offset */
                            at: string;
                            autopilot: string;
                            /** @enum {unknown} */
                            enrolled_by: "matched" | "fallback" | "reprocessed" | "assigned";
                        } | {
                            /** @enum {string} */
                            type: "touch";
                            /** @description Where it sits on the timeline: when it was sent, skipped or cancelled; when it is due while it waits. */
                            at: string;
                            touch_id: number;
                            /** @description 1 for the first step of the sequence. */
                            step: number;
                            day: number;
                            /** @enum {unknown} */
                            channel: "email" | "linkedin" | "whatsapp" | "telegram";
                            /** @enum {unknown} */
                            kind: "email" | "connection_request" | "message";
                            /** @enum {unknown} */
                            state: "scheduled" | "sent" | "skipped" | "cancelled";
                            /** @description When its plan put it. */
                            planned_at: string;
                            /** @description When it runs (later than planned when a window, a limit or a weekend held it back). */
                            due_at: string;
                            sent_at: string | null;
                            ended_at: string | null;
                            subject: string | null;
                            body: string | null;
                            skip_reason: string | null;
                            skip_detail: string | null;
                            held_reason: string | null;
                        } | {
                            /** @enum {string} */
                            type: "event";
                            /** @description When it happened. */
                            at: string;
                            event_id: number;
                            /** @enum {unknown} */
                            kind: "reply" | "bounce" | "unsubscribe" | "connection" | "call" | "meeting" | "property_change";
                            channel: ("email" | "linkedin" | "whatsapp" | "telegram") | null;
                            /** @enum {unknown} */
                            effect: "ended_lead" | "skipped_touches" | "recorded" | "lead_ended";
                            end_reason: ("replied" | "call_connected" | "meeting_booked" | "invite_accepted" | "property_changed" | "unsubscribed" | "closed_manually" | "sequence_ended" | "no_reachable_channel" | "fell_behind" | "domain_excluded" | "autopilot_archived") | null;
                            /** @description When the engine learned of it. */
                            received_at: string;
                            /** @description Its own facts: a reply's text, a call's disposition, a property's old and new values. */
                            detail: {
                                [key: string]: unknown;
                            };
                        } | {
                            /** @enum {string} */
                            type: "ended";
                            /** @description ISO 8601 with offset */
                            at: string;
                            /** @enum {unknown} */
                            outcome: "Active" | "Responded" | "Closed" | "Failed";
                            /** @enum {unknown} */
                            end_reason: "replied" | "call_connected" | "meeting_booked" | "invite_accepted" | "property_changed" | "unsubscribed" | "closed_manually" | "sequence_ended" | "no_reachable_channel" | "fell_behind" | "domain_excluded" | "autopilot_archived";
                        })[];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `lead_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "lead_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    closeLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The lead id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "closed": true,
                     *       "text": "Lead 17 closed",
                     *       "lead": {
                     *         "id": 17,
                     *         "contact_id": "1201",
                     *         "contact_source": "api",
                     *         "email": "jane.doe@ledgerly.example",
                     *         "autopilot": "German manufacturers",
                     *         "autopilot_id": 2,
                     *         "autopilot_revision": 3,
                     *         "enrolled_by": "matched",
                     *         "outcome": "Closed",
                     *         "end_reason": "closed_manually",
                     *         "research_id": "0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10",
                     *         "research_reused": false,
                     *         "enrolled_at": "2026-11-20T10:00:00.000+01:00",
                     *         "ended_at": "2026-11-20T10:00:00.000+01:00"
                     *       }
                     *     }
                     */
                    "application/json": {
                        closed: boolean;
                        text: string;
                        lead: components["schemas"]["def-2"];
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `lead_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "lead_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listAutopilotStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "autopilots": [
                     *         {
                     *           "autopilot": "German manufacturers",
                     *           "autopilot_id": 2,
                     *           "archived": false,
                     *           "enrolled": 40,
                     *           "active": 22,
                     *           "responded": 6,
                     *           "closed": 10,
                     *           "failed": 2,
                     *           "responded_rate": 0.15
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        autopilots: {
                            autopilot: string;
                            autopilot_id: number;
                            archived: boolean;
                            /** @description Every lead it ever enrolled. */
                            enrolled: number;
                            active: number;
                            responded: number;
                            closed: number;
                            failed: number;
                            responded_rate: number | null;
                        }[];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getAutopilotStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The Autopilot's name (any case) */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "autopilot": "German manufacturers",
                     *       "autopilot_id": 2,
                     *       "archived": false,
                     *       "enrolled": 40,
                     *       "active": 22,
                     *       "responded": 6,
                     *       "closed": 10,
                     *       "failed": 2,
                     *       "responded_rate": 0.15
                     *     }
                     */
                    "application/json": {
                        autopilot: string;
                        autopilot_id: number;
                        archived: boolean;
                        /** @description Every lead it ever enrolled. */
                        enrolled: number;
                        active: number;
                        responded: number;
                        closed: number;
                        failed: number;
                        responded_rate: number | null;
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `autopilot_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "autopilot_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getContact: {
        parameters: {
            query?: {
                /** @description Where the contact comes from: `api` (the default), or a CRM app's own source such as `hubspot:12345` */
                source?: string;
            };
            header?: never;
            path: {
                /** @description The CRM's id of the contact */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1201",
                     *       "source": "api",
                     *       "email": "jane.doe@ledgerly.example",
                     *       "created_at": "2026-11-27T09:00:00.000+00:00",
                     *       "received_at": "2026-11-27T09:00:02.000+00:00",
                     *       "state": "enrolled",
                     *       "reason": "matched",
                     *       "autopilot": "German manufacturers",
                     *       "autopilot_id": 2,
                     *       "research_id": "0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10",
                     *       "lead": {
                     *         "id": 17,
                     *         "contact_id": "1201",
                     *         "contact_source": "api",
                     *         "email": "jane.doe@ledgerly.example",
                     *         "autopilot": "German manufacturers",
                     *         "autopilot_id": 2,
                     *         "autopilot_revision": 3,
                     *         "enrolled_by": "matched",
                     *         "outcome": "Active",
                     *         "end_reason": null,
                     *         "research_id": "0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10",
                     *         "research_reused": false,
                     *         "enrolled_at": "2026-11-20T10:00:00.000+01:00",
                     *         "ended_at": null
                     *       },
                     *       "waiting_since": null,
                     *       "queue_wait_ends_at": null,
                     *       "next_check_at": null,
                     *       "decided_at": "2026-11-27T09:00:03.000+00:00",
                     *       "removed_at": null,
                     *       "erased_at": null,
                     *       "properties": {
                     *         "email": "jane.doe@ledgerly.example",
                     *         "country": "Germany"
                     *       },
                     *       "explanation": null
                     *     }
                     */
                    "application/json": {
                        id: string;
                        /** @description Where the contact comes from: `api` (POST /autopilot/contacts), or a CRM app's own source such as `hubspot:12345` (a HubSpot portal). */
                        source: string;
                        email: string | null;
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        /** @description ISO 8601 with offset */
                        received_at: string;
                        /** @enum {unknown} */
                        state: "received" | "waiting" | "enrolled" | "skipped" | "abandoned";
                        reason: ("matched" | "fallback" | "reprocessed" | "assigned" | "no_match" | "no_email" | "credits_exhausted" | "no_product" | "role_based_address" | "free_mailbox_provider" | "excluded_domain" | "unsubscribed" | "removed_in_crm") | null;
                        autopilot: string | null;
                        autopilot_id: number | null;
                        research_id: string | null;
                        lead: components["schemas"]["def-2"] | null;
                        waiting_since: string | null;
                        queue_wait_ends_at: string | null;
                        next_check_at: string | null;
                        decided_at: string | null;
                        removed_at: string | null;
                        erased_at: string | null;
                        /** @description The CRM contact's properties by internal name (HubSpot: `email`, `country`, `numberofemployees`); `email` is the address research takes. */
                        properties: {
                            [key: string]: (string | number | boolean | null) | (string | number | boolean | null)[];
                        };
                        explanation: {
                            /** @description ISO 8601 with offset */
                            checked_at: string;
                            /** @description The decision in words. */
                            text: string;
                            skip_rules: {
                                /** @enum {unknown} */
                                rule: "role_based_address" | "free_mailbox_provider" | "excluded_domain" | "unsubscribed";
                                on: boolean;
                                applies: boolean;
                                text: string;
                            }[];
                            /** @description Each Autopilot checked, in the order routing checked them; those below a match were not checked. */
                            autopilots: {
                                autopilot: string;
                                autopilot_id: number;
                                position: number;
                                fallback: boolean;
                                /**
                                 * @description The normal pass, top to bottom; the fallback pass when the queue wait ends.
                                 * @enum {unknown}
                                 */
                                pass: "normal" | "fallback";
                                /** @enum {unknown} */
                                outcome: "matched" | "no_match" | "created_before_enabled" | "fallback_later";
                                text: string;
                                rules: {
                                    /** @description 1 for the first rule. */
                                    rule: number;
                                    property: string;
                                    /** @enum {unknown} */
                                    operator: "is" | "is_not" | "contains" | "not_contains" | "gt" | "gte" | "lt" | "lte" | "between" | "is_known" | "is_unknown";
                                    matched: boolean;
                                    /** @enum {unknown} */
                                    reason: "matched" | "no_match" | "unknown" | "not_a_number" | "not_a_date";
                                    contact_value: string | null;
                                    /** @description The rule in words: `country is Germany`. */
                                    description: string;
                                    /** @description The verdict: `country is Germany: no, the contact says France`. */
                                    text: string;
                                }[];
                            }[];
                        } | null;
                    };
                };
            };
            /** @description One of `invalid_query`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `contact_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "contact_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    deleteContact: {
        parameters: {
            query?: {
                /** @description Where the contact comes from: `api` (the default), or a CRM app's own source such as `hubspot:12345` */
                source?: string;
                /** @description `true`: a privacy deletion */
                erase?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description The CRM's id of the contact */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed; with `erase=true`, erased too */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "1201",
                     *       "source": "api",
                     *       "state": "enrolled",
                     *       "withdrawn": false,
                     *       "closed_lead": 17,
                     *       "text": "Its lead 17 was closed and its queued touches cancelled"
                     *     }
                     */
                    "application/json": components["schemas"]["def-3"] | components["schemas"]["def-4"];
                };
            };
            /** @description One of `invalid_query`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `contact_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "contact_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listLeads: {
        parameters: {
            query?: {
                /** @description Only this Autopilot's (its name) */
                autopilot?: string;
                /** @description Active, Responded, Closed or Failed (any case) */
                outcome?: string;
                /** @description A lead id: the leads before it */
                before?: number;
                /** @description Leads in the page, from 1 to 1000 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "leads": [
                     *         {
                     *           "id": 17,
                     *           "contact_id": "1201",
                     *           "contact_source": "api",
                     *           "email": "jane.doe@ledgerly.example",
                     *           "autopilot": "German manufacturers",
                     *           "autopilot_id": 2,
                     *           "autopilot_revision": 3,
                     *           "enrolled_by": "matched",
                     *           "outcome": "Active",
                     *           "end_reason": null,
                     *           "research_id": "0b6f2c9e-4d1a-4b7e-9a55-3f2d8c1e7a10",
                     *           "research_reused": false,
                     *           "enrolled_at": "2026-11-20T10:00:00.000+01:00",
                     *           "ended_at": null
                     *         }
                     *       ],
                     *       "next_before": null
                     *     }
                     */
                    "application/json": {
                        leads: components["schemas"]["def-2"][];
                        next_before: number | null;
                    };
                };
            };
            /** @description One of `invalid_query`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `autopilot_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "autopilot_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getUnsubscribePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The link's token: `<lead id>.<signature>` */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page with its button */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The link does not work (a token that does not verify) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The link's token: `<lead id>.<signature>` */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description The link does not work (a token that does not verify) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listMailboxes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "mailboxes": [
                     *         {
                     *           "id": 3,
                     *           "from_address": "anna@acme.example",
                     *           "from_name": "Anna Novak",
                     *           "smtp": {
                     *             "host": "smtp.acme.example",
                     *             "port": 587,
                     *             "security": "starttls",
                     *             "user": "anna@acme.example",
                     *             "password_set": true
                     *           },
                     *           "imap": {
                     *             "host": "imap.acme.example",
                     *             "port": 993,
                     *             "security": "tls",
                     *             "user": "anna@acme.example",
                     *             "password_set": true
                     *           },
                     *           "time_zone": "Europe/Berlin",
                     *           "sending_hours": {
                     *             "start": "09:00",
                     *             "end": "17:00"
                     *           },
                     *           "sending_days": [
                     *             "mon",
                     *             "tue",
                     *             "wed",
                     *             "thu",
                     *             "fri"
                     *           ],
                     *           "daily_limit": 50,
                     *           "warmup": null,
                     *           "reading": {
                     *             "last_read_at": "2026-11-27T09:15:00.000+01:00",
                     *             "error": null
                     *           },
                     *           "created_at": "2026-11-20T10:00:00.000+01:00",
                     *           "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        mailboxes: components["schemas"]["def-5"][];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    createMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from_address": "anna@acme.example",
                 *       "from_name": "Anna Novak",
                 *       "smtp": {
                 *         "host": "smtp.acme.example",
                 *         "port": 587,
                 *         "security": "starttls",
                 *         "user": "anna@acme.example",
                 *         "password": "app-password"
                 *       },
                 *       "imap": {
                 *         "host": "imap.acme.example",
                 *         "port": 993,
                 *         "security": "tls",
                 *         "user": "anna@acme.example",
                 *         "password": "app-password"
                 *       },
                 *       "time_zone": "Europe/Berlin",
                 *       "sending_hours": {
                 *         "start": "09:00",
                 *         "end": "17:00"
                 *       },
                 *       "daily_limit": 50
                 *     }
                 */
                "application/json": {
                    /** @description The address the touches are sent from. */
                    from_address: string;
                    from_name?: string | null;
                    smtp: {
                        /** @description The SMTP server's host name or IP address. */
                        host: string;
                        /** @description Usually 587 or 465. */
                        port: number;
                        /**
                         * @description tls: TLS from the first byte (465, 993); starttls: plain text upgraded with STARTTLS, refused when the server does not offer it (587, 143); none: no encryption (a local test server only).
                         * @enum {unknown}
                         */
                        security: "tls" | "starttls" | "none";
                        user: string;
                        /** @description Encrypted at rest with SECRET_KEY; never answered. */
                        password: string;
                    };
                    imap?: {
                        /** @description The IMAP server's host name or IP address. */
                        host: string;
                        /** @description Usually 993. */
                        port: number;
                        /**
                         * @description tls: TLS from the first byte (465, 993); starttls: plain text upgraded with STARTTLS, refused when the server does not offer it (587, 143); none: no encryption (a local test server only).
                         * @enum {unknown}
                         */
                        security: "tls" | "starttls" | "none";
                        user: string;
                        /** @description Encrypted at rest with SECRET_KEY; never answered. */
                        password: string;
                    } | null;
                    /** @description IANA time zone, such as Europe/Berlin: sending hours and days are read in it. */
                    time_zone: string;
                    sending_hours?: {
                        /** @description Local time HH:mm in the mailbox time zone; the window is [start, end). */
                        start: string;
                        /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                        end: string;
                    };
                    sending_days?: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                    /** @description E-mails a day once warmed up, shared by every Autopilot. */
                    daily_limit?: number;
                    warmup?: {
                        /** @description E-mails on the first day of warm-up. */
                        start_per_day: number;
                        /** @description How many more each day after, never above daily_limit. */
                        increase_per_day: number;
                        /** @description The first day of warm-up (default: today in the mailbox time zone). */
                        started_on?: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Added (its address in `Location`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "from_address": "anna@acme.example",
                     *       "from_name": "Anna Novak",
                     *       "smtp": {
                     *         "host": "smtp.acme.example",
                     *         "port": 587,
                     *         "security": "starttls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "imap": {
                     *         "host": "imap.acme.example",
                     *         "port": 993,
                     *         "security": "tls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "time_zone": "Europe/Berlin",
                     *       "sending_hours": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "sending_days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "daily_limit": 50,
                     *       "warmup": null,
                     *       "reading": {
                     *         "last_read_at": "2026-11-27T09:15:00.000+01:00",
                     *         "error": null
                     *       },
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        from_address: string;
                        from_name: string | null;
                        smtp: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the SMTP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        };
                        imap: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the IMAP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        } | null;
                        time_zone: string;
                        sending_hours: {
                            /** @description Local time HH:mm in the mailbox time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        sending_days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        daily_limit: number;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        reading: {
                            last_read_at: string | null;
                            error: string | null;
                        };
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description One of `invalid_mailbox`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_mailbox" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "account_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `secret_key_missing`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "secret_key_missing" | "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The mailbox id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mailbox */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "from_address": "anna@acme.example",
                     *       "from_name": "Anna Novak",
                     *       "smtp": {
                     *         "host": "smtp.acme.example",
                     *         "port": 587,
                     *         "security": "starttls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "imap": {
                     *         "host": "imap.acme.example",
                     *         "port": 993,
                     *         "security": "tls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "time_zone": "Europe/Berlin",
                     *       "sending_hours": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "sending_days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "daily_limit": 50,
                     *       "warmup": null,
                     *       "reading": {
                     *         "last_read_at": "2026-11-27T09:15:00.000+01:00",
                     *         "error": null
                     *       },
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        from_address: string;
                        from_name: string | null;
                        smtp: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the SMTP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        };
                        imap: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the IMAP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        } | null;
                        time_zone: string;
                        sending_hours: {
                            /** @description Local time HH:mm in the mailbox time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        sending_days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        daily_limit: number;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        reading: {
                            last_read_at: string | null;
                            error: string | null;
                        };
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `mailbox_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "mailbox_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    deleteMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The mailbox id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The mailbox removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "from_address": "anna@acme.example",
                     *       "from_name": "Anna Novak",
                     *       "smtp": {
                     *         "host": "smtp.acme.example",
                     *         "port": 587,
                     *         "security": "starttls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "imap": {
                     *         "host": "imap.acme.example",
                     *         "port": 993,
                     *         "security": "tls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "time_zone": "Europe/Berlin",
                     *       "sending_hours": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "sending_days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "daily_limit": 50,
                     *       "warmup": null,
                     *       "reading": {
                     *         "last_read_at": "2026-11-27T09:15:00.000+01:00",
                     *         "error": null
                     *       },
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        from_address: string;
                        from_name: string | null;
                        smtp: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the SMTP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        };
                        imap: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the IMAP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        } | null;
                        time_zone: string;
                        sending_hours: {
                            /** @description Local time HH:mm in the mailbox time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        sending_days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        daily_limit: number;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        reading: {
                            last_read_at: string | null;
                            error: string | null;
                        };
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `mailbox_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "mailbox_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    updateMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The mailbox id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "daily_limit": 80,
                 *       "sending_days": [
                 *         "mon",
                 *         "tue",
                 *         "wed",
                 *         "thu"
                 *       ]
                 *     }
                 */
                "application/json": {
                    from_address?: string;
                    from_name?: string | null;
                    smtp?: {
                        /** @description The SMTP server's host name or IP address. */
                        host?: string;
                        /** @description Usually 587 or 465. */
                        port?: number;
                        /**
                         * @description tls: TLS from the first byte (465, 993); starttls: plain text upgraded with STARTTLS, refused when the server does not offer it (587, 143); none: no encryption (a local test server only).
                         * @enum {unknown}
                         */
                        security?: "tls" | "starttls" | "none";
                        user?: string;
                        /** @description Encrypted at rest with SECRET_KEY; never answered. */
                        password?: string;
                    };
                    imap?: {
                        /** @description The IMAP server's host name or IP address. */
                        host?: string;
                        /** @description Usually 993. */
                        port?: number;
                        /**
                         * @description tls: TLS from the first byte (465, 993); starttls: plain text upgraded with STARTTLS, refused when the server does not offer it (587, 143); none: no encryption (a local test server only).
                         * @enum {unknown}
                         */
                        security?: "tls" | "starttls" | "none";
                        user?: string;
                        /** @description Encrypted at rest with SECRET_KEY; never answered. */
                        password?: string;
                    } | null;
                    /** @description IANA time zone, such as Europe/Berlin: sending hours and days are read in it. */
                    time_zone?: string;
                    sending_hours?: {
                        /** @description Local time HH:mm in the mailbox time zone; the window is [start, end). */
                        start: string;
                        /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                        end: string;
                    };
                    sending_days?: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                    /** @description E-mails a day once warmed up, shared by every Autopilot. */
                    daily_limit?: number;
                    warmup?: {
                        /** @description E-mails on the first day of warm-up. */
                        start_per_day: number;
                        /** @description How many more each day after, never above daily_limit. */
                        increase_per_day: number;
                        /** @description The first day of warm-up (default: today in the mailbox time zone). */
                        started_on?: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description The mailbox as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "from_address": "anna@acme.example",
                     *       "from_name": "Anna Novak",
                     *       "smtp": {
                     *         "host": "smtp.acme.example",
                     *         "port": 587,
                     *         "security": "starttls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "imap": {
                     *         "host": "imap.acme.example",
                     *         "port": 993,
                     *         "security": "tls",
                     *         "user": "anna@acme.example",
                     *         "password_set": true
                     *       },
                     *       "time_zone": "Europe/Berlin",
                     *       "sending_hours": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "sending_days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "daily_limit": 50,
                     *       "warmup": null,
                     *       "reading": {
                     *         "last_read_at": "2026-11-27T09:15:00.000+01:00",
                     *         "error": null
                     *       },
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        from_address: string;
                        from_name: string | null;
                        smtp: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the SMTP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        };
                        imap: {
                            host: string;
                            port: number;
                            /** @enum {unknown} */
                            security: "tls" | "starttls" | "none";
                            user: string;
                            /** @description Whether the IMAP password is stored; the password itself is never answered. */
                            password_set: boolean;
                        } | null;
                        time_zone: string;
                        sending_hours: {
                            /** @description Local time HH:mm in the mailbox time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        sending_days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        daily_limit: number;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        reading: {
                            last_read_at: string | null;
                            error: string | null;
                        };
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description One of `invalid_mailbox`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_mailbox" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `mailbox_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "mailbox_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `secret_key_missing`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "secret_key_missing" | "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    testMailbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The mailbox id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "smtp": {
                     *         "ok": true,
                     *         "message": "Connected to smtp.acme.example:587 and logged in"
                     *       },
                     *       "imap": {
                     *         "ok": true,
                     *         "message": "Connected to imap.acme.example:993 and logged in"
                     *       }
                     *     }
                     */
                    "application/json": {
                        smtp: {
                            ok: boolean;
                            message: string;
                        };
                        imap: {
                            ok: boolean;
                            message: string;
                        } | null;
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `mailbox_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "mailbox_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `secret_key_missing`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "secret_key_missing" | "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listSeats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "seats": [
                     *         {
                     *           "id": 2,
                     *           "channel": "linkedin",
                     *           "unipile_account_id": "Xk2v9QmTRe6yJ0aLbC1d",
                     *           "label": "Anna (LinkedIn)",
                     *           "time_zone": "Europe/Berlin",
                     *           "window": {
                     *             "start": "09:00",
                     *             "end": "17:00"
                     *           },
                     *           "days": [
                     *             "mon",
                     *             "tue",
                     *             "wed",
                     *             "thu",
                     *             "fri"
                     *           ],
                     *           "messages_per_day": 50,
                     *           "invitations_per_day": 80,
                     *           "invitations_per_week": 200,
                     *           "warmup": null,
                     *           "status": "connected",
                     *           "status_detail": null,
                     *           "status_changed_at": "2026-11-20T10:00:00.000+01:00",
                     *           "created_at": "2026-11-20T10:00:00.000+01:00",
                     *           "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        seats: components["schemas"]["def-6"][];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    createSeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "channel": "linkedin",
                 *       "unipile_account_id": "Xk2v9QmTRe6yJ0aLbC1d",
                 *       "label": "Anna (LinkedIn)",
                 *       "time_zone": "Europe/Berlin"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description linkedin (connection requests and messages), whatsapp or telegram (messages).
                     * @enum {unknown}
                     */
                    channel: "linkedin" | "whatsapp" | "telegram";
                    /** @description The connected account's id in Unipile (its dashboard or GET /api/v1/accounts): every touch of the seat acts as it. */
                    unipile_account_id: string;
                    /** @description How the seat is named in timelines and logs, such as "Anna (LinkedIn)". */
                    label: string;
                    /** @description IANA time zone, such as Europe/Berlin: the window and days are read in it. */
                    time_zone: string;
                    window?: {
                        /** @description Local time HH:mm in the seat time zone; the window is [start, end). */
                        start: string;
                        /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                        end: string;
                    };
                    days?: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                    /** @description Messages a day (every kind but connection requests), shared by every Autopilot. */
                    messages_per_day?: number;
                    /** @description linkedin only: connection requests a day (default 80). */
                    invitations_per_day?: number;
                    /** @description linkedin only: connection requests in any 7 days (default 200). */
                    invitations_per_week?: number;
                    warmup?: {
                        /** @description Touches on the first day of warm-up, of each limit (messages; connection requests on linkedin). */
                        start_per_day: number;
                        /** @description How many more each day after, never above the seat limits. */
                        increase_per_day: number;
                        /** @description The first day of warm-up (default: today in the seat time zone). */
                        started_on?: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Added (its address in `Location`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 2,
                     *       "channel": "linkedin",
                     *       "unipile_account_id": "Xk2v9QmTRe6yJ0aLbC1d",
                     *       "label": "Anna (LinkedIn)",
                     *       "time_zone": "Europe/Berlin",
                     *       "window": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "messages_per_day": 50,
                     *       "invitations_per_day": 80,
                     *       "invitations_per_week": 200,
                     *       "warmup": null,
                     *       "status": "connected",
                     *       "status_detail": null,
                     *       "status_changed_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        /** @enum {unknown} */
                        channel: "linkedin" | "whatsapp" | "telegram";
                        unipile_account_id: string;
                        label: string;
                        time_zone: string;
                        window: {
                            /** @description Local time HH:mm in the seat time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        messages_per_day: number;
                        invitations_per_day: number | null;
                        invitations_per_week: number | null;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        /**
                         * @description disconnected: Unipile lost the account; its touches wait, held with status_detail, until it is connected again.
                         * @enum {unknown}
                         */
                        status: "connected" | "disconnected";
                        status_detail: string | null;
                        status_changed_at: string;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description One of `invalid_seat`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_seat" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "account_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The seat id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seat */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 2,
                     *       "channel": "linkedin",
                     *       "unipile_account_id": "Xk2v9QmTRe6yJ0aLbC1d",
                     *       "label": "Anna (LinkedIn)",
                     *       "time_zone": "Europe/Berlin",
                     *       "window": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "messages_per_day": 50,
                     *       "invitations_per_day": 80,
                     *       "invitations_per_week": 200,
                     *       "warmup": null,
                     *       "status": "connected",
                     *       "status_detail": null,
                     *       "status_changed_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        /** @enum {unknown} */
                        channel: "linkedin" | "whatsapp" | "telegram";
                        unipile_account_id: string;
                        label: string;
                        time_zone: string;
                        window: {
                            /** @description Local time HH:mm in the seat time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        messages_per_day: number;
                        invitations_per_day: number | null;
                        invitations_per_week: number | null;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        /**
                         * @description disconnected: Unipile lost the account; its touches wait, held with status_detail, until it is connected again.
                         * @enum {unknown}
                         */
                        status: "connected" | "disconnected";
                        status_detail: string | null;
                        status_changed_at: string;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `seat_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "seat_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    deleteSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The seat id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seat removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 2,
                     *       "channel": "linkedin",
                     *       "unipile_account_id": "Xk2v9QmTRe6yJ0aLbC1d",
                     *       "label": "Anna (LinkedIn)",
                     *       "time_zone": "Europe/Berlin",
                     *       "window": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "messages_per_day": 50,
                     *       "invitations_per_day": 80,
                     *       "invitations_per_week": 200,
                     *       "warmup": null,
                     *       "status": "connected",
                     *       "status_detail": null,
                     *       "status_changed_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        /** @enum {unknown} */
                        channel: "linkedin" | "whatsapp" | "telegram";
                        unipile_account_id: string;
                        label: string;
                        time_zone: string;
                        window: {
                            /** @description Local time HH:mm in the seat time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        messages_per_day: number;
                        invitations_per_day: number | null;
                        invitations_per_week: number | null;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        /**
                         * @description disconnected: Unipile lost the account; its touches wait, held with status_detail, until it is connected again.
                         * @enum {unknown}
                         */
                        status: "connected" | "disconnected";
                        status_detail: string | null;
                        status_changed_at: string;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `seat_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "seat_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    updateSeat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The seat id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "messages_per_day": 40
                 *     }
                 */
                "application/json": {
                    /** @description How the seat is named in timelines and logs, such as "Anna (LinkedIn)". */
                    label?: string;
                    /** @description IANA time zone, such as Europe/Berlin: the window and days are read in it. */
                    time_zone?: string;
                    window?: {
                        /** @description Local time HH:mm in the seat time zone; the window is [start, end). */
                        start: string;
                        /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                        end: string;
                    };
                    days?: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                    /** @description Messages a day (every kind but connection requests), shared by every Autopilot. */
                    messages_per_day?: number;
                    /** @description linkedin only: connection requests a day (default 80). */
                    invitations_per_day?: number;
                    /** @description linkedin only: connection requests in any 7 days (default 200). */
                    invitations_per_week?: number;
                    warmup?: {
                        /** @description Touches on the first day of warm-up, of each limit (messages; connection requests on linkedin). */
                        start_per_day: number;
                        /** @description How many more each day after, never above the seat limits. */
                        increase_per_day: number;
                        /** @description The first day of warm-up (default: today in the seat time zone). */
                        started_on?: string;
                    } | null;
                };
            };
        };
        responses: {
            /** @description The seat as changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 2,
                     *       "channel": "linkedin",
                     *       "unipile_account_id": "Xk2v9QmTRe6yJ0aLbC1d",
                     *       "label": "Anna (LinkedIn)",
                     *       "time_zone": "Europe/Berlin",
                     *       "window": {
                     *         "start": "09:00",
                     *         "end": "17:00"
                     *       },
                     *       "days": [
                     *         "mon",
                     *         "tue",
                     *         "wed",
                     *         "thu",
                     *         "fri"
                     *       ],
                     *       "messages_per_day": 50,
                     *       "invitations_per_day": 80,
                     *       "invitations_per_week": 200,
                     *       "warmup": null,
                     *       "status": "connected",
                     *       "status_detail": null,
                     *       "status_changed_at": "2026-11-20T10:00:00.000+01:00",
                     *       "created_at": "2026-11-20T10:00:00.000+01:00",
                     *       "updated_at": "2026-11-20T10:00:00.000+01:00"
                     *     }
                     */
                    "application/json": {
                        id: number;
                        /** @enum {unknown} */
                        channel: "linkedin" | "whatsapp" | "telegram";
                        unipile_account_id: string;
                        label: string;
                        time_zone: string;
                        window: {
                            /** @description Local time HH:mm in the seat time zone; the window is [start, end). */
                            start: string;
                            /** @description Local time HH:mm, up to 24:00 (the end of the day). */
                            end: string;
                        };
                        days: ("mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun")[];
                        messages_per_day: number;
                        invitations_per_day: number | null;
                        invitations_per_week: number | null;
                        warmup: {
                            start_per_day: number;
                            increase_per_day: number;
                            started_on: string;
                        } | null;
                        /**
                         * @description disconnected: Unipile lost the account; its touches wait, held with status_detail, until it is connected again.
                         * @enum {unknown}
                         */
                        status: "connected" | "disconnected";
                        status_detail: string | null;
                        status_changed_at: string;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description One of `invalid_seat`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_seat" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `seat_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "seat_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    receiveUnipileWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The engine's UNIPILE_WEBHOOK_SECRET */
                "unipile-auth"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description Unipile's event, as it sends it */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "event": "message_received"
                 *     }
                 */
                "application/json": {
                    event?: string;
                };
            };
        };
        responses: {
            /** @description What the event became */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "result": "reply",
                     *       "lead_id": 17,
                     *       "why": "a reply in the thread of lead 17"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description What the event became: a reply, a connection, a seat disconnected or connected again; or `seen` (a duplicate), `ignored` (nothing to read), `unknown_seat`.
                         * @enum {unknown}
                         */
                        result: "reply" | "own_message" | "invite_accepted" | "connection" | "unmatched" | "seen" | "ignored" | "unknown_seat" | "seat_disconnected" | "seat_connected" | "unchanged";
                        /** @description In words. */
                        why?: string;
                        seat_id?: number | null;
                        lead_id?: number | null;
                    };
                };
            };
            /** @description `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `invalid_webhook_secret` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_webhook_secret";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhooks": [
                     *         {
                     *           "id": 4,
                     *           "url": "https://hooks.acme.example/prospect-research",
                     *           "events": [
                     *             "lead.responded",
                     *             "lead.closed"
                     *           ],
                     *           "autopilot": null,
                     *           "state": "active",
                     *           "created_at": "2026-11-20T10:00:00.000+00:00",
                     *           "last_delivered_at": "2026-11-27T09:12:40.000+00:00",
                     *           "failing_since": null,
                     *           "last_error": null,
                     *           "disabled_at": null,
                     *           "disabled_reason": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        webhooks: {
                            id: number;
                            url: string;
                            events: ("contact.skipped" | "contact.waiting" | "contact.abandoned" | "lead.enrolled" | "touch.sent" | "touch.skipped" | "lead.responded" | "lead.closed" | "credits.threshold")[];
                            autopilot: string | null;
                            /** @enum {unknown} */
                            state: "active" | "failing" | "disabled";
                            /** @description ISO 8601 with offset */
                            created_at: string;
                            last_delivered_at: string | null;
                            failing_since: string | null;
                            last_error: string | null;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            /** @description `whsec_...`: shown once, in the answer to `POST /webhooks`. */
                            secret?: string;
                        }[];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.acme.example/prospect-research",
                 *       "events": [
                 *         "lead.responded",
                 *         "lead.closed"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description An http or https address; a private one only where WEBHOOKS_ALLOW_PRIVATE_TARGETS=true. */
                    url: string;
                    events: ("contact.skipped" | "contact.waiting" | "contact.abandoned" | "lead.enrolled" | "touch.sent" | "touch.skipped" | "lead.responded" | "lead.closed" | "credits.threshold")[];
                    /** @description Only this Autopilot's events (its name). */
                    autopilot?: string;
                };
            };
        };
        responses: {
            /** @description Subscribed (its address in `Location`) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 4,
                     *       "url": "https://hooks.acme.example/prospect-research",
                     *       "events": [
                     *         "lead.responded",
                     *         "lead.closed"
                     *       ],
                     *       "autopilot": null,
                     *       "state": "active",
                     *       "created_at": "2026-11-20T10:00:00.000+00:00",
                     *       "last_delivered_at": null,
                     *       "failing_since": null,
                     *       "last_error": null,
                     *       "disabled_at": null,
                     *       "disabled_reason": null,
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8f5Qb2Al4nE="
                     *     }
                     */
                    "application/json": {
                        id: number;
                        url: string;
                        events: ("contact.skipped" | "contact.waiting" | "contact.abandoned" | "lead.enrolled" | "touch.sent" | "touch.skipped" | "lead.responded" | "lead.closed" | "credits.threshold")[];
                        autopilot: string | null;
                        /** @enum {unknown} */
                        state: "active" | "failing" | "disabled";
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        last_delivered_at: string | null;
                        failing_since: string | null;
                        last_error: string | null;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        /** @description `whsec_...`: shown once, in the answer to `POST /webhooks`. */
                        secret?: string;
                    };
                };
            };
            /** @description One of `invalid_webhook`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_webhook" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `secret_key_missing`, `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "secret_key_missing" | "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The webhook id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 4,
                     *       "url": "https://hooks.acme.example/prospect-research",
                     *       "events": [
                     *         "lead.responded",
                     *         "lead.closed"
                     *       ],
                     *       "autopilot": null,
                     *       "state": "active",
                     *       "created_at": "2026-11-20T10:00:00.000+00:00",
                     *       "last_delivered_at": "2026-11-27T09:12:40.000+00:00",
                     *       "failing_since": null,
                     *       "last_error": null,
                     *       "disabled_at": null,
                     *       "disabled_reason": null
                     *     }
                     */
                    "application/json": {
                        id: number;
                        url: string;
                        events: ("contact.skipped" | "contact.waiting" | "contact.abandoned" | "lead.enrolled" | "touch.sent" | "touch.skipped" | "lead.responded" | "lead.closed" | "credits.threshold")[];
                        autopilot: string | null;
                        /** @enum {unknown} */
                        state: "active" | "failing" | "disabled";
                        /** @description ISO 8601 with offset */
                        created_at: string;
                        last_delivered_at: string | null;
                        failing_since: string | null;
                        last_error: string | null;
                        disabled_at: string | null;
                        disabled_reason: string | null;
                        /** @description `whsec_...`: shown once, in the answer to `POST /webhooks`. */
                        secret?: string;
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `webhook_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "webhook_not_found";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The id of the last event already read */
                after?: string;
                /** @description Events in the page, from 1 to 500 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "id": "evt_000000000000042",
                     *           "type": "lead.responded",
                     *           "timestamp": "2026-11-27T09:12:38.000+00:00",
                     *           "account_id": 1,
                     *           "autopilot_id": 2,
                     *           "lead_id": 17,
                     *           "contact_id": "1201",
                     *           "contact_source": "api",
                     *           "data": {
                     *             "kind": "reply"
                     *           }
                     *         }
                     *       ],
                     *       "next_after": "evt_000000000000042"
                     *     }
                     */
                    "application/json": {
                        events: {
                            /** @description Stable: a receiver deduplicates by it (it is also the delivery's `webhook-id`). */
                            id: string;
                            /** @enum {unknown} */
                            type: "contact.skipped" | "contact.waiting" | "contact.abandoned" | "lead.enrolled" | "touch.sent" | "touch.skipped" | "lead.responded" | "lead.closed" | "credits.threshold";
                            /** @description When the change happened, ISO 8601. */
                            timestamp: string;
                            account_id: number;
                            autopilot_id: number | null;
                            lead_id: number | null;
                            contact_id: string | null;
                            contact_source: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                        }[];
                        next_after: string | null;
                    };
                };
            };
            /** @description One of `invalid_query`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_query" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    getCreditAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "enabled": true,
                     *       "email": "ops@acme.example",
                     *       "thresholds": [
                     *         75,
                     *         95
                     *       ],
                     *       "from": "anna@acme.example",
                     *       "recent": [
                     *         {
                     *           "threshold": 75,
                     *           "cycle_start": "2026-11-01T00:00:00.000+00:00",
                     *           "state": "sent",
                     *           "recipient": "ops@acme.example",
                     *           "detail": null,
                     *           "at": "2026-11-21T08:02:11.000+00:00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        enabled: boolean;
                        email: string | null;
                        /** @description Percentages of the monthly credits. */
                        thresholds: number[];
                        from: string | null;
                        /** @description The latest alerts, newest first: sent, or not sent and why. */
                        recent: {
                            threshold: number;
                            cycle_start: string;
                            /** @enum {unknown} */
                            state: "sent" | "not_sent";
                            recipient: string | null;
                            detail: string | null;
                            at: string;
                        }[];
                    };
                };
            };
            /** @description `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    setCreditAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ops@acme.example"
                 *     }
                 */
                "application/json": {
                    /** @description Who receives the alerts. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "enabled": true,
                     *       "email": "ops@acme.example",
                     *       "thresholds": [
                     *         75,
                     *         95
                     *       ],
                     *       "from": "anna@acme.example",
                     *       "recent": [
                     *         {
                     *           "threshold": 75,
                     *           "cycle_start": "2026-11-01T00:00:00.000+00:00",
                     *           "state": "sent",
                     *           "recipient": "ops@acme.example",
                     *           "detail": null,
                     *           "at": "2026-11-21T08:02:11.000+00:00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        enabled: boolean;
                        email: string | null;
                        /** @description Percentages of the monthly credits. */
                        thresholds: number[];
                        from: string | null;
                        /** @description The latest alerts, newest first: sent, or not sent and why. */
                        recent: {
                            threshold: number;
                            cycle_start: string;
                            /** @enum {unknown} */
                            state: "sent" | "not_sent";
                            recipient: string | null;
                            detail: string | null;
                            at: string;
                        }[];
                    };
                };
            };
            /** @description One of `invalid_credit_alerts`, `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_credit_alerts" | "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
    deleteCreditAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "enabled": false,
                     *       "email": null,
                     *       "thresholds": [
                     *         75,
                     *         95
                     *       ],
                     *       "from": "anna@acme.example",
                     *       "recent": [
                     *         {
                     *           "threshold": 75,
                     *           "cycle_start": "2026-11-01T00:00:00.000+00:00",
                     *           "state": "sent",
                     *           "recipient": "ops@acme.example",
                     *           "detail": null,
                     *           "at": "2026-11-21T08:02:11.000+00:00"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        enabled: boolean;
                        email: string | null;
                        /** @description Percentages of the monthly credits. */
                        thresholds: number[];
                        from: string | null;
                        /** @description The latest alerts, newest first: sent, or not sent and why. */
                        recent: {
                            threshold: number;
                            cycle_start: string;
                            /** @enum {unknown} */
                            state: "sent" | "not_sent";
                            recipient: string | null;
                            detail: string | null;
                            at: string;
                        }[];
                    };
                };
            };
            /** @description One of `invalid_json`, `missing_key_id` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "invalid_json" | "missing_key_id";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `missing_api_key`, `invalid_key`, `not_signed_in` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "missing_api_key" | "invalid_key" | "not_signed_in";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description One of `csrf_failed`, `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "csrf_failed" | "forbidden";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "payload_too_large";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "unsupported_media_type";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "internal_error";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        error: "service_unavailable";
                        /** @description What was wrong, in words */
                        message?: string;
                        /** @description Every problem with the document, each with where it is (a JSON Pointer) and what is wrong */
                        problems?: {
                            /** @enum {unknown} */
                            severity?: "error" | "blocks_enabling" | "warning";
                            path?: string;
                            message: string;
                        }[];
                        /** @description Credits used in the account's cycle */
                        used?: number;
                        /** @description The account's monthly credits */
                        limit?: number;
                        /** @description When to try again (also in `Retry-After`) */
                        retry_after_seconds?: number;
                        /** @description The least role that may do this */
                        required_role?: string;
                        /** @description The id the logs keep the failure under */
                        request_id?: string;
                    };
                };
            };
        };
    };
}
