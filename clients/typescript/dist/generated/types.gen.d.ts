export type ClientOptions = {
    baseUrl: `${string}://${string}` | (string & {});
};
/**
 * AccountAnalytics
 */
export type AccountAnalytics = {
    breakdown: AccountBreakdown;
    from: string;
    includeArchived?: boolean;
    includeBots: boolean;
    interval: 'day' | 'hour' | 'week';
    series: Array<SeriesPoint>;
    to: string;
    topLinks: Array<TopLink>;
    totals: AccountTotals;
};
/**
 * AccountBreakdown
 */
export type AccountBreakdown = {
    browser: {
        [key: string]: number;
    };
    city: {
        [key: string]: number;
    };
    country: {
        [key: string]: number;
    };
    device: {
        [key: string]: number;
    };
    os: {
        [key: string]: number;
    };
    referrer: {
        [key: string]: number;
    };
    region: {
        [key: string]: number;
    };
    utmCampaign: {
        [key: string]: number;
    };
    utmMedium: {
        [key: string]: number;
    };
    utmSource: {
        [key: string]: number;
    };
};
/**
 * AccountDelete
 */
export type AccountDelete = {
    /**
     * The account's password.
     */
    password: string;
};
/**
 * AccountTotals
 */
export type AccountTotals = {
    bots: number;
    total: number;
};
/**
 * ApiKey
 */
export type ApiKey = {
    createdAt: string;
    /**
     * The user who made the key (null once they have left Hop).
     */
    createdBy?: string | null;
    environment: 'live' | 'test';
    id: string;
    /**
     * Last use, lagging by at most HOP_API_KEY_USAGE_INTERVAL.
     */
    lastUsedAt: string | null;
    name: string | null;
    /**
     * The key's first characters, to tell keys apart.
     */
    prefix: string;
    revokedAt: string | null;
    scopes: Array<string>;
};
/**
 * ApiKeyCreate
 */
export type ApiKeyCreate = {
    /**
     * `live` (svc_live_) or `test`: a sandbox key (svc_test_).
     */
    environment?: 'live' | 'test';
    name?: string | null;
    /**
     * What the key may do; only scopes the calling credential holds.
     */
    scopes: Array<string>;
};
/**
 * ApiKeyCreated
 */
export type ApiKeyCreated = {
    createdAt: string;
    /**
     * The user who made the key (null once they have left Hop).
     */
    createdBy?: string | null;
    environment: 'live' | 'test';
    id: string;
    /**
     * The secret key. Shown this once: store it now.
     */
    key: string;
    /**
     * Last use, lagging by at most HOP_API_KEY_USAGE_INTERVAL.
     */
    lastUsedAt: string | null;
    name: string | null;
    /**
     * The key's first characters, to tell keys apart.
     */
    prefix: string;
    revokedAt: string | null;
    scopes: Array<string>;
};
/**
 * ApiKeyList
 */
export type ApiKeyList = {
    data: Array<ApiKey>;
};
/**
 * AppData
 *
 * iOS visitors go to iosUrl, Android visitors to androidUrl, everyone else to fallbackUrl.
 */
export type AppData = {
    androidUrl?: string | null;
    /**
     * Absolute http(s) URL, at most 2,048 characters.
     */
    fallbackUrl: string;
    iosUrl?: string | null;
};
/**
 * AppQrCreate
 */
export type AppQrCreate = {
    data: AppData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'app';
};
/**
 * Attempt
 */
export type Attempt = {
    attempt: number;
    attemptedAt: string;
    deliveryId: string;
    durationMs: number;
    error: string | null;
    eventId: string;
    eventType: string;
    id: string;
    responseBody: string | null;
    statusCode: number | null;
    succeeded: boolean;
};
/**
 * AttemptPage
 */
export type AttemptPage = {
    data: Array<Attempt>;
    nextCursor: string | null;
};
/**
 * AuditActor
 *
 * Who acted: the person (an API key's maker, while they are on Hop) and the API key
 * when one was used; both null for an operator's command or the service itself.
 */
export type AuditActor = {
    apiKeyId: string | null;
    userId: string | null;
};
/**
 * AuditEntry
 */
export type AuditEntry = {
    action: string;
    actor: AuditActor;
    at: string;
    id: string;
    ip: string | null;
    target: string | null;
    userAgent: string | null;
};
/**
 * AuditLogPage
 */
export type AuditLogPage = {
    data: Array<AuditEntry>;
    nextCursor: string | null;
};
/**
 * BioData
 *
 * No fields: the code opens the caller's Bio page.
 */
export type BioData = {
    [key: string]: never;
};
/**
 * BioLink
 */
export type BioLink = {
    title: string;
    url: string;
};
/**
 * BioLinkIn
 *
 * A button on the page: a destination ``url``, or ``linkId``, one of your short links.
 */
export type BioLinkIn = {
    linkId?: string | null;
    title: string;
    url?: string | null;
};
/**
 * BioPage
 */
export type BioPage = {
    avatarUrl: string | null;
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    description: string;
    displayName: string;
    id: string;
    language: string;
    links: Array<OwnBioLink>;
    /**
     * <short_base_url>/@<username>; for a sandbox (svc_test_) page <short_base_url>/test/@<username>.
     */
    pageUrl: string;
    socials: Array<OwnBioSocial>;
    theme: string;
    updatedAt: string;
    username: string;
};
/**
 * BioPut
 */
export type BioPut = {
    avatarUrl?: string | null;
    description?: string;
    displayName: string;
    /**
     * Page language.
     */
    language?: string;
    links?: Array<BioLinkIn>;
    socials?: Array<BioSocialIn>;
    theme?: 'dark' | 'light' | 'ocean' | 'sunset';
    /**
     * 3-30 of a-z 0-9 _ . (unique per environment; reserved words refused). A deleted or renamed page's name stays reserved for its owner for HOP_CODE_RESERVATION_DAYS.
     */
    username: string;
};
/**
 * BioQrCreate
 */
export type BioQrCreate = {
    data?: BioData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'bio';
};
/**
 * BioSocial
 */
export type BioSocial = {
    handle: string;
    network: string;
    url: string;
};
/**
 * BioSocialIn
 */
export type BioSocialIn = {
    handle: string;
    network: 'facebook' | 'github' | 'instagram' | 'linkedin' | 'pinterest' | 'snapchat' | 'telegram' | 'threads' | 'tiktok' | 'twitch' | 'x' | 'youtube';
};
/**
 * Breakdown
 */
export type Breakdown = {
    browser: {
        [key: string]: number;
    };
    city: {
        [key: string]: number;
    };
    country: {
        [key: string]: number;
    };
    day: {
        [key: string]: number;
    };
    device: {
        [key: string]: number;
    };
    os: {
        [key: string]: number;
    };
    referrer: {
        [key: string]: number;
    };
    region: {
        [key: string]: number;
    };
};
/**
 * BulkAction
 */
export type BulkAction = {
    tags?: Array<string>;
    /**
     * addTags / removeTags: change tags; delete: as DELETE /v1/links/:id; archive / unarchive: set archived (they still redirect either way).
     */
    type: 'addTags' | 'archive' | 'delete' | 'removeTags' | 'unarchive';
};
/**
 * BulkCreate
 */
export type BulkCreate = {
    /**
     * 1-1,000 link objects, each exactly the body of POST /v1/links.
     */
    items: Array<unknown>;
};
/**
 * BulkItemResult
 */
export type BulkItemResult = {
    /**
     * The item's place in the request (0-based).
     */
    index: number;
    link?: Link | null;
    problem?: BulkProblem | null;
    /**
     * 201, or the status a single create would answer.
     */
    status: number;
};
/**
 * BulkProblem
 *
 * The problem (docs/errors.md) an item would have had as a single create.
 */
export type BulkProblem = {
    detail: string;
    errors: Array<{
        [key: string]: string;
    }>;
    status: number;
    title: string;
    type: string;
};
/**
 * BulkResult
 */
export type BulkResult = {
    created: number;
    failed: number;
    /**
     * One per item, in request order.
     */
    results: Array<BulkItemResult>;
};
/**
 * BulkUpdate
 */
export type BulkUpdate = {
    action: BulkAction;
    filter: LinkFilterBody;
};
/**
 * BulkUpdateResult
 */
export type BulkUpdateResult = {
    /**
     * Links changed (a tag already there, or absent, is no change).
     */
    changed: number;
    /**
     * Links the filter matched.
     */
    matched: number;
};
/**
 * CallbackDone
 */
export type CallbackDone = {
    integration?: Integration | null;
    message: string;
    ok: boolean;
};
/**
 * ClickRecord
 */
export type ClickRecord = {
    browser: string;
    city: string | null;
    clickedAt: string;
    country: string | null;
    device: string;
    id: string;
    isBot: boolean;
    isQr: boolean;
    os: string;
    referrer: string | null;
    region: string | null;
};
/**
 * ClickTotals
 */
export type ClickTotals = {
    bots: number;
    total: number;
    unique: number;
};
/**
 * ConnectRequest
 *
 * Shopify: ``shop`` and ``accessToken``; WooCommerce: ``storeUrl``, ``consumerKey``,
 * ``consumerSecret``.
 */
export type ConnectRequest = {
    accessToken?: string | null;
    consumerKey?: string | null;
    consumerSecret?: string | null;
    platform: 'shopify' | 'woocommerce';
    shop?: string | null;
    storeUrl?: string | null;
};
/**
 * Copy
 */
export type Copy = {
    description: string;
    emailBody: string | null;
    emailSubject: string | null;
    hashtags: Array<string>;
    headline: string;
    instagram: string | null;
    x: string | null;
};
/**
 * CryptoData
 */
export type CryptoData = {
    address: string;
    amount?: string | null;
    currency: 'bitcoin' | 'dogecoin' | 'ethereum' | 'litecoin';
    label?: string | null;
    message?: string | null;
};
/**
 * CryptoQrCreate
 */
export type CryptoQrCreate = {
    data: CryptoData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'crypto';
};
/**
 * Delivery
 */
export type Delivery = {
    attempts: number;
    eventId: string;
    eventType: string;
    id: string;
    nextAttemptAt: string | null;
    state: 'failed' | 'pending' | 'succeeded';
};
/**
 * Domain
 */
export type Domain = {
    /**
     * true: /Sale and /sale are two codes on this domain. false: one (the edge folds the case of every code asked; a new code clashes with one differing only in case).
     */
    caseSensitive?: boolean;
    /**
     * The last verification attempt, yours or scheduled.
     */
    checkedAt: string | null;
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    hostname: string;
    id: string;
    /**
     * When the domain lapsed.
     */
    lapsedAt: string | null;
    /**
     * When a lapsing domain lapses unless a check finds the record first.
     */
    lapsesAt: string | null;
    /**
     * When a check first found the TXT record gone.
     */
    lapsingSince: string | null;
    /**
     * Where the edge redirects visits of unknown codes on this domain (still counted as orphan visits); null: the 404 page.
     */
    notFoundUrl?: string | null;
    /**
     * pending until a verification finds the TXT record; verified while the checks repeated every HOP_DOMAIN_REVERIFY_INTERVAL find it; lapsing once one does not (still served; it is verified again when a check finds the record); lapsed when the record stayed away until lapsesAt: no longer served, and the name is free for whoever proves it next (a verification of yours serves it again).
     */
    status: 'lapsed' | 'lapsing' | 'pending' | 'verified';
    verification: Verification;
    verifiedAt: string | null;
};
/**
 * DomainCheck
 */
export type DomainCheck = {
    domain: string;
    verified: boolean;
};
/**
 * DomainCreate
 */
export type DomainCreate = {
    /**
     * A host name you control, e.g. go.brand.com (ASCII: an internationalised name in its xn-- form), at most 238 characters so that its TXT record's name fits in DNS; stored lower-case, without a final dot.
     */
    hostname: string;
};
/**
 * DomainList
 */
export type DomainList = {
    data: Array<Domain>;
};
/**
 * DomainUpdate
 *
 * Each field optional: what is left out stays as it is.
 */
export type DomainUpdate = {
    /**
     * false: the domain's codes become case-insensitive (409 case-clash, naming them in clashes, while two of its codes differ only in case); true: case-sensitive again.
     */
    caseSensitive?: boolean;
    notFoundUrl?: string | null;
};
/**
 * EmailData
 */
export type EmailData = {
    bcc?: Array<string>;
    body?: string | null;
    cc?: Array<string>;
    subject?: string | null;
    to: string;
};
/**
 * EmailQrCreate
 */
export type EmailQrCreate = {
    data: EmailData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'email';
};
/**
 * EpcData
 *
 * A SEPA credit transfer (EPC069-12, version 002, UTF-8).
 */
export type EpcData = {
    amount?: string | null;
    bic?: string | null;
    iban: string;
    /**
     * Beneficiary.
     */
    name: string;
    purpose?: string | null;
    reference?: string | null;
    text?: string | null;
};
/**
 * EpcQrCreate
 */
export type EpcQrCreate = {
    data: EpcData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'epc';
};
/**
 * EventData
 */
export type EventData = {
    allDay?: boolean;
    description?: string | null;
    end?: string | null;
    location?: string | null;
    start: string;
    summary: string;
};
/**
 * EventQrCreate
 */
export type EventQrCreate = {
    data: EventData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'event';
};
/**
 * FieldError
 */
export type FieldError = {
    field: string;
    message: string;
};
/**
 * GenerateRequest
 */
export type GenerateRequest = {
    channels?: Array<'email' | 'instagram' | 'web' | 'x'> | null;
    generator?: 'ai' | 'auto' | 'template';
    /**
     * BCP 47 language tag, e.g. `en`, `de`, `pt-BR`.
     */
    language?: string;
    tone?: 'bold' | 'friendly' | 'luxurious' | 'neutral' | 'playful' | 'professional';
    utm?: Utm | null;
};
/**
 * GeoData
 */
export type GeoData = {
    /**
     * -90 to 90
     */
    latitude: number;
    /**
     * -180 to 180
     */
    longitude: number;
};
/**
 * GeoQrCreate
 */
export type GeoQrCreate = {
    data: GeoData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'geo';
};
/**
 * ImportCreate
 */
export type ImportCreate = {
    /**
     * As the source names them: Bitly `token`; Rebrandly, Short.io, Shlink and Kutt `apiKey`; YOURLS `signature`, or `username` and `password`; none for csv. Sealed at rest, dropped when the job ends, never returned.
     */
    credentials?: {
        [key: string]: unknown;
    };
    /**
     * `baseUrl` (required for Shlink, YOURLS and Kutt), and what each source takes (docs/import.md); csv: `content`, the file's text.
     */
    options?: {
        [key: string]: unknown;
    };
    /**
     * bitly, rebrandly, shortio, shlink, yourls, kutt or csv (docs/import.md).
     */
    source: string;
};
/**
 * ImportFailure
 */
export type ImportFailure = {
    reason: string;
    sourceId: string;
};
/**
 * ImportJob
 */
export type ImportJob = {
    /**
     * The source's address, for the self-hosted ones.
     */
    baseUrl?: string | null;
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    /**
     * Why links were not written: the first 1,000 (the report has all).
     */
    errors: Array<ImportFailure>;
    /**
     * Links not written (see errors).
     */
    failed: number;
    finishedAt: string | null;
    id: string;
    /**
     * Links written (remapped ones included).
     */
    imported: number;
    /**
     * Why the job failed or was cancelled; null otherwise.
     */
    reason: string | null;
    /**
     * Links written under a new code (see remaps).
     */
    remapped: number;
    /**
     * Codes that changed, and why: the first 1,000 (the report has all).
     */
    remaps: Array<RemappedCode>;
    /**
     * Links an earlier import already brought.
     */
    skipped: number;
    source: string;
    startedAt: string | null;
    status: 'cancelled' | 'done' | 'failed' | 'queued' | 'running';
    /**
     * Links the source holds, once it says; null before.
     */
    total: number | null;
};
/**
 * ImportPage
 */
export type ImportPage = {
    data: Array<ImportJob>;
    nextCursor: string | null;
};
/**
 * InstallUrl
 */
export type InstallUrl = {
    authorizeUrl: string;
    expiresIn: number;
};
/**
 * Integration
 */
export type Integration = {
    connectedVia: 'oauth' | 'token';
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    currency: string | null;
    id: string;
    name: string;
    platform: 'shopify' | 'woocommerce';
    revokedAt: string | null;
    revokedReason: string | null;
    status: 'active' | 'revoked';
    storeUrl: string;
    updatedAt: string;
};
/**
 * IntegrationList
 */
export type IntegrationList = {
    data: Array<Integration>;
};
/**
 * Invitation
 *
 * A pending invitation; its token is only in the e-mail.
 */
export type Invitation = {
    createdAt: string;
    email: string;
    expiresAt: string;
    id: string;
    invitedBy: string | null;
    role: 'admin' | 'member' | 'owner' | 'viewer';
};
/**
 * InvitationAccept
 */
export type InvitationAccept = {
    /**
     * The token of the invitation's link (`/invitations/accept?token=…`).
     */
    token: string;
};
/**
 * InvitationAccepted
 *
 * The membership the invitation gave: sign in to the workspace (`workspaceId` of
 * POST /v1/auth/login or /refresh) to act in it.
 */
export type InvitationAccepted = {
    role: 'admin' | 'member' | 'owner' | 'viewer';
    workspaceId: string;
};
/**
 * InvitationCreate
 */
export type InvitationCreate = {
    /**
     * The invited person's address.
     */
    email: string;
    role: 'admin' | 'member' | 'owner' | 'viewer';
};
/**
 * InvitationList
 */
export type InvitationList = {
    data: Array<Invitation>;
};
/**
 * Link
 */
export type Link = {
    androidUrl?: string | null;
    appUrl?: string | null;
    /**
     * Archived (PATCH, bulk update; or at its source when imported): it still redirects, but lists and account analytics leave it out unless asked.
     */
    archived?: boolean;
    clicks: number;
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    /**
     * The custom domain the link lives on; null: the default short host.
     */
    domain?: string | null;
    /**
     * When clicks reached maxClicks; null before.
     */
    exhaustedAt?: string | null;
    expiredUrl?: string | null;
    expiresAt: string | null;
    /**
     * Your own id for the link (externalId); null when unset.
     */
    externalId?: string | null;
    extraPath?: 'append' | 'ignore' | null;
    forwardQuery: boolean;
    /**
     * The worker's last check of its destinations (HOP_LINK_HEALTH_INTERVAL); null before the first check.
     */
    health?: LinkHealth | null;
    id: string;
    /**
     * Clicks the link had at the shortener it was imported from (POST /v1/imports), kept beside ours: clicks counts only Hop's.
     */
    importedClicks?: number;
    iosUrl?: string | null;
    longUrl: string;
    maxClicks?: number | null;
    notes?: string | null;
    passwordProtected?: boolean;
    preview?: Preview | null;
    redirectType: number;
    rules?: Array<Rule> | null;
    safety: LinkSafety;
    shortCode: string;
    /**
     * <short_base_url>/<shortCode>; for sandbox (svc_test_) links <short_base_url>/test/<shortCode>. On a custom domain https://<domain>/<shortCode> (sandbox: https://<domain>/test/<shortCode>).
     */
    shortUrl: string;
    /**
     * blocked: the safety layer blocks it (403 at the edge); flagged: visitors see a warning page first; expired; active.
     */
    status: 'active' | 'blocked' | 'expired' | 'flagged';
    tags: Array<string>;
    title?: string | null;
    updatedAt: string;
    utm?: LinkUtm | null;
    variants?: Array<VariantStats> | null;
};
/**
 * LinkClicks
 */
export type LinkClicks = {
    breakdown: Breakdown;
    clicks: Array<ClickRecord>;
    from: string | null;
    includeBots: boolean;
    linkId: string;
    nextCursor: string | null;
    to: string | null;
    totals: ClickTotals;
};
/**
 * LinkCreate
 */
export type LinkCreate = {
    alias?: string | null;
    androidUrl?: string | null;
    appUrl?: string | null;
    archived?: boolean | null;
    domain?: string | null;
    expiredUrl?: string | null;
    expiresAt?: string | null;
    externalId?: string | null;
    extraPath?: 'append' | 'ignore' | null;
    forwardQuery?: boolean;
    iosUrl?: string | null;
    /**
     * Absolute http(s) URL, at most 2,048 characters.
     */
    longUrl: string;
    maxClicks?: number | null;
    notes?: string | null;
    password?: string | null;
    preview?: Preview | null;
    redirectType?: 301 | 302 | 307 | 308;
    rules?: Array<Rule> | null;
    /**
     * At most 20 tags.
     */
    tags?: Array<string>;
    title?: string | null;
    utm?: LinkUtm | null;
    variants?: Array<Variant> | null;
};
/**
 * LinkData
 */
export type LinkData = {
    /**
     * One of your links: its id, its short link or its code.
     */
    linkId: string;
};
/**
 * LinkFilterBody
 *
 * Which links a bulk change is about: the filters of GET /v1/links (archived ones
 * too unless ``archived`` says).
 */
export type LinkFilterBody = {
    /**
     * true: only archived links; false: only the others; absent: both.
     */
    archived?: boolean | null;
    createdFrom?: string | null;
    createdTo?: string | null;
    domain?: string | null;
    externalId?: string | null;
    q?: string | null;
    status?: 'active' | 'blocked' | 'expired' | 'flagged' | null;
    tag?: Array<string>;
    tagMatch?: 'all' | 'any';
};
/**
 * LinkHealth
 *
 * What the last check of the link's destinations found (docs/api.md#link-health).
 */
export type LinkHealth = {
    checkedAt: string;
    /**
     * The status the destination answered; null when none came.
     */
    httpStatus: number | null;
    /**
     * ok: every destination answered; broken: one answered 404, 410 or 5xx twice, or its host does not resolve, refuses connections or fails TLS; unknown: no verdict (401, 403, 429, other 4xx, a time-out, an address the checks may not call).
     */
    status: 'broken' | 'ok' | 'unknown';
    /**
     * The destination the status is about; null when all are ok.
     */
    url?: string | null;
};
/**
 * LinkPage
 */
export type LinkPage = {
    data: Array<Link>;
    nextCursor: string | null;
};
/**
 * LinkQrCreate
 */
export type LinkQrCreate = {
    data: LinkData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'link';
};
/**
 * LinkSafety
 *
 * What the safety layer says of the destination (docs/safety.md).
 */
export type LinkSafety = {
    checkedAt: string | null;
    /**
     * Stable reason codes (docs/safety.md); empty when ok.
     */
    reasons: Array<string>;
    /**
     * When the owner asked for a review (POST /v1/links/:id/review).
     */
    reviewRequestedAt: string | null;
    /**
     * What decided the verdict; null for links not yet checked.
     */
    source: 'feed' | 'heuristic' | 'operator' | 'spam_wave' | null;
    /**
     * ok: redirects; warn: the edge shows a warning page first; block: the edge answers 403.
     */
    verdict: 'block' | 'ok' | 'warn';
};
/**
 * LinkUpdate
 *
 * Only the fields sent change; ``null`` clears ``tags``, ``expiresAt`` and every
 * optional feature (rules, variants, password, limits, metadata).
 */
export type LinkUpdate = {
    /**
     * Custom short code: 3-64 of A-Z a-z 0-9 _ -. Unique per environment (live and sandbox are separate) and domain; a code freed by a delete, alias or domain change stays reserved for its previous owner for HOP_CODE_RESERVATION_DAYS (30 by default).
     */
    alias?: string;
    androidUrl?: string | null;
    appUrl?: string | null;
    /**
     * Archived links still redirect, but GET /v1/links leaves them out (?archived=true lists them) and account analytics do not count them (?includeArchived=true does).
     */
    archived?: boolean;
    domain?: string | null;
    expiredUrl?: string | null;
    expiresAt?: string | null;
    externalId?: string | null;
    extraPath?: 'append' | 'ignore' | null;
    forwardQuery?: boolean;
    iosUrl?: string | null;
    /**
     * Absolute http(s) URL, at most 2,048 characters.
     */
    longUrl?: string;
    maxClicks?: number | null;
    notes?: string | null;
    password?: string | null;
    preview?: Preview | null;
    redirectType?: 301 | 302 | 307 | 308;
    rules?: Array<Rule> | null;
    tags?: Array<string> | null;
    title?: string | null;
    utm?: LinkUtm | null;
    variants?: Array<Variant> | null;
};
/**
 * LinkUtm
 *
 * utm_* parameters merged into every destination (replacing ones of the same name).
 */
export type LinkUtm = {
    campaign?: string | null;
    content?: string | null;
    medium?: string | null;
    source?: string | null;
    term?: string | null;
};
/**
 * LiveClick
 *
 * A click as the live streams show it (the `data:` of an `event: click`): what the
 * dashboard's live view needs, never the visitor's address or visitor id.
 */
export type LiveClick = {
    browser: string;
    city: string | null;
    clickedAt: string;
    country: string | null;
    device: string;
    id: string;
    isBot: boolean;
    isQr: boolean;
    linkId: string;
    os: string;
    referrerHost: string | null;
    region: string | null;
    shortCode: string;
};
/**
 * LoginMfa
 */
export type LoginMfa = {
    /**
     * A 6-digit code from the authenticator app, or a recovery code.
     */
    code: string;
    mfaToken: string;
};
/**
 * LoginRequest
 */
export type LoginRequest = {
    email: string;
    password: string;
    workspaceId?: string | null;
};
/**
 * Me
 */
export type Me = {
    createdAt: string;
    /**
     * True when an operator negotiated the limits (`hop user limits`).
     */
    customLimits: boolean;
    email: string;
    id: string;
    /**
     * Requests per minute in force.
     */
    limitPerMinute: number;
    /**
     * Requests per calendar month (UTC).
     */
    limitPerMonth: number;
    plan: 'business' | 'free' | 'pro';
    /**
     * Whether the e-mail address is verified.
     */
    verified: boolean;
};
/**
 * MecardData
 */
export type MecardData = {
    birthday?: string | null;
    city?: string | null;
    country?: string | null;
    email?: string | null;
    firstName: string;
    jobTitle?: string | null;
    lastName?: string | null;
    mobile?: string | null;
    note?: string | null;
    organization?: string | null;
    phone?: string | null;
    region?: string | null;
    street?: string | null;
    url?: string | null;
    zipcode?: string | null;
};
/**
 * MecardQrCreate
 */
export type MecardQrCreate = {
    data: MecardData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'mecard';
};
/**
 * Member
 */
export type Member = {
    email: string;
    joinedAt: string;
    role: 'admin' | 'member' | 'owner' | 'viewer';
    userId: string;
};
/**
 * MemberList
 */
export type MemberList = {
    data: Array<Member>;
};
/**
 * MemberUpdate
 */
export type MemberUpdate = {
    role: 'admin' | 'member' | 'owner' | 'viewer';
};
/**
 * OrphanCount
 */
export type OrphanCount = {
    value: string;
    visits: number;
};
/**
 * OrphanDay
 */
export type OrphanDay = {
    bots: number;
    day: string;
    humans: number;
};
/**
 * OrphanTotals
 */
export type OrphanTotals = {
    botTypes: {
        [key: string]: number;
    };
    bots: number;
    humans: {
        [key: string]: number;
    };
    total: number;
};
/**
 * OrphanVisits
 */
export type OrphanVisits = {
    domain: string | null;
    from: string;
    otherPaths: number;
    otherReferrers: number;
    series: Array<OrphanDay>;
    to: string;
    topPaths: Array<OrphanCount>;
    topReferrers: Array<OrphanCount>;
    totals: OrphanTotals;
};
/**
 * OwnBioLink
 */
export type OwnBioLink = {
    destination: string | null;
    linkId: string;
    title: string;
    url: string;
};
/**
 * OwnBioSocial
 */
export type OwnBioSocial = {
    destination: string;
    handle: string;
    linkId: string;
    network: string;
    url: string;
};
/**
 * Passkey
 *
 * A passkey of the account (never its key or counter).
 */
export type Passkey = {
    createdAt: string;
    id: string;
    lastUsedAt: string | null;
    name: string;
    transports: Array<string>;
};
/**
 * PasskeyList
 */
export type PasskeyList = {
    data: Array<Passkey>;
};
/**
 * PasskeyRename
 */
export type PasskeyRename = {
    /**
     * A name to tell it by.
     */
    name: string;
};
/**
 * PhoneData
 */
export type PhoneData = {
    /**
     * Phone number, ideally +<country><number>.
     */
    number: string;
};
/**
 * PhoneQrCreate
 */
export type PhoneQrCreate = {
    data: PhoneData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'phone';
};
/**
 * Preview
 *
 * What link-preview crawlers (Slackbot, Twitterbot, ...) show for the short link.
 */
export type Preview = {
    description?: string | null;
    image?: string | null;
    title: string;
};
/**
 * Problem
 */
export type Problem = {
    detail: string;
    errors: Array<FieldError>;
    status: number;
    title: string;
    type: string;
};
/**
 * Product
 */
export type Product = {
    currency: string | null;
    id: string;
    imageUrl: string | null;
    maxPrice: string | null;
    price: string | null;
    tags: Array<string>;
    title: string;
    url: string;
    vendor: string | null;
};
/**
 * ProductLink
 */
export type ProductLink = {
    channels: Array<'email' | 'instagram' | 'web' | 'x'>;
    copy: Copy;
    createdAt: string;
    generator: 'ai' | 'template';
    id: string;
    language: string;
    link: Link | null;
    linkReused?: boolean | null;
    model: string | null;
    productId: string;
    tone: string;
    updatedAt: string;
    utm: UtmUsed;
};
/**
 * ProductLinkPage
 */
export type ProductLinkPage = {
    data: Array<ProductLink>;
    nextCursor: string | null;
};
/**
 * ProductPage
 */
export type ProductPage = {
    data: Array<Product>;
    nextCursor: string | null;
};
/**
 * PublicBioPage
 */
export type PublicBioPage = {
    avatarUrl: string | null;
    description: string;
    displayName: string;
    language: string;
    links: Array<BioLink>;
    pageUrl: string;
    socials: Array<BioSocial>;
    theme: string;
    username: string;
};
/**
 * QrCode
 */
export type QrCode = {
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    data: {
        [key: string]: unknown;
    };
    dynamic: boolean;
    id: string;
    imageUrl: string;
    linkId: string | null;
    payload: string;
    shortUrl: string | null;
    style?: QrStyle;
    title: string | null;
    type: string;
    updatedAt: string;
};
/**
 * QrFrame
 *
 * A frame around the code with a caption below it ("Scan me").
 */
export type QrFrame = {
    /**
     * One line, plain text.
     */
    caption: string;
};
/**
 * QrGradient
 *
 * Dark modules shade from `from` (top) to `to` (bottom); both must contrast with
 * `light` as `dark` must.
 */
export type QrGradient = {
    /**
     * #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS basic name (black, navy, …).
     */
    from: string;
    /**
     * #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS basic name (black, navy, …).
     */
    to: string;
};
/**
 * QrPage
 */
export type QrPage = {
    data: Array<QrCode>;
    nextCursor: string | null;
};
/**
 * QrStyle
 *
 * How the code is drawn, saved with it; every image is rendered with it.
 */
export type QrStyle = {
    /**
     * #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS basic name (black, navy, …).
     */
    dark?: string;
    ecl?: 'H' | 'L' | 'M' | 'Q' | null;
    eyeShape?: 'dots' | 'rounded' | 'square';
    frame?: QrFrame | null;
    gradient?: QrGradient | null;
    /**
     * A colour, or `transparent`.
     */
    light?: string;
    logo?: string | null;
    moduleShape?: 'dots' | 'rounded' | 'square';
};
/**
 * QrUpdate
 *
 * ``title`` for any code; ``data`` (of the code's own type) only for dynamic codes.
 */
export type QrUpdate = {
    data?: {
        [key: string]: unknown;
    };
    style?: QrStyle | null;
    title?: string | null;
};
/**
 * RecoveryCodes
 */
export type RecoveryCodes = {
    recoveryCodes: Array<string>;
};
/**
 * RefreshRequest
 */
export type RefreshRequest = {
    refreshToken: string;
    workspaceId?: string | null;
};
/**
 * RemappedCode
 */
export type RemappedCode = {
    /**
     * The code at the source.
     */
    code: string | null;
    /**
     * The code it has in Hop.
     */
    newCode: string;
    reason: string;
    sourceId: string;
};
/**
 * Rule
 */
export type Rule = {
    androidUrl?: string | null;
    appUrl?: string | null;
    iosUrl?: string | null;
    /**
     * Absolute http(s) URL, at most 2,048 characters.
     */
    url: string;
    when: RuleWhen;
};
/**
 * RuleWhen
 *
 * Every condition given must hold; a list holds when the visit has any of its values.
 */
export type RuleWhen = {
    country?: Array<string> | null;
    device?: Array<'desktop' | 'mobile' | 'tablet'> | null;
    language?: Array<string> | null;
    os?: Array<'android' | 'chromeos' | 'ios' | 'linux' | 'macos' | 'windows'> | null;
};
/**
 * SecretRotated
 *
 * The new secret, shown this once; the previous one signs too until the time given.
 */
export type SecretRotated = {
    id: string;
    previousSecretExpiresAt: string;
    secret: string;
};
/**
 * SeriesPoint
 */
export type SeriesPoint = {
    clicks: number;
    start: string;
};
/**
 * SmsData
 */
export type SmsData = {
    message?: string | null;
    /**
     * Phone number, ideally +<country><number>.
     */
    number: string;
};
/**
 * SmsQrCreate
 */
export type SmsQrCreate = {
    data: SmsData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'sms';
};
/**
 * SocialData
 */
export type SocialData = {
    handle: string;
    network: 'facebook' | 'github' | 'instagram' | 'linkedin' | 'pinterest' | 'snapchat' | 'telegram' | 'threads' | 'tiktok' | 'twitch' | 'x' | 'youtube';
};
/**
 * SocialQrCreate
 */
export type SocialQrCreate = {
    data: SocialData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'social';
};
/**
 * Sso
 *
 * A workspace's single sign-on connection (its client secret is never returned).
 */
export type Sso = {
    clientId: string;
    createdAt: string;
    defaultRole: 'admin' | 'member' | 'viewer';
    domains: Array<SsoDomain>;
    issuer: string;
    requireSso: boolean;
    updatedAt: string;
};
/**
 * SsoCreate
 */
export type SsoCreate = {
    /**
     * Hop's client id at the provider.
     */
    clientId: string;
    /**
     * Hop's client secret at the provider: sealed at rest, never returned.
     */
    clientSecret: string;
    /**
     * The role of people from the domains who join by signing in.
     */
    defaultRole?: 'admin' | 'member' | 'viewer';
    /**
     * E-mail domains, each to prove by a DNS TXT record before it counts.
     */
    domains: Array<string>;
    /**
     * The provider's issuer URL, as its discovery document names it: https (http only on a loopback address). Its discovery document is fetched when saved.
     */
    issuer: string;
    /**
     * People whose address is on a verified domain may no longer sign in with a password (API keys keep working).
     */
    requireSso?: boolean;
};
/**
 * SsoDomain
 */
export type SsoDomain = {
    domain: string;
    /**
     * Publish a TXT record at this name...
     */
    txtName: string;
    /**
     * ...holding this value, then verify.
     */
    txtValue: string;
    verified: boolean;
    verifiedAt: string | null;
};
/**
 * SsoUpdate
 */
export type SsoUpdate = {
    addDomains?: Array<string> | null;
    defaultRole?: 'admin' | 'member' | 'viewer' | null;
    requireSso?: boolean | null;
};
/**
 * TagCount
 */
export type TagCount = {
    /**
     * How many of your links carry the tag.
     */
    links: number;
    tag: string;
};
/**
 * TagList
 */
export type TagList = {
    /**
     * Most used first, then by name.
     */
    data: Array<TagCount>;
};
/**
 * TextData
 */
export type TextData = {
    text: string;
};
/**
 * TextQrCreate
 */
export type TextQrCreate = {
    data: TextData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'text';
};
/**
 * TokenPair
 */
export type TokenPair = {
    accessToken: string;
    expiresIn: number;
    refreshToken: string;
    tokenType?: string;
};
/**
 * TopLink
 */
export type TopLink = {
    clicks: number;
    deleted: boolean;
    id: string;
    longUrl: string;
    shortCode: string;
    shortUrl: string;
};
/**
 * TotpConfirm
 */
export type TotpConfirm = {
    /**
     * A 6-digit code from the authenticator app, or a recovery code.
     */
    code: string;
};
/**
 * TotpDisable
 */
export type TotpDisable = {
    /**
     * A 6-digit code from the authenticator app, or a recovery code.
     */
    code: string;
    password?: string | null;
};
/**
 * TotpEnrolment
 */
export type TotpEnrolment = {
    otpauthUri: string;
    secret: string;
};
/**
 * UrlData
 */
export type UrlData = {
    /**
     * Absolute http(s) URL, at most 2,048 characters.
     */
    url: string;
};
/**
 * UrlQrCreate
 */
export type UrlQrCreate = {
    data: UrlData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'url';
};
/**
 * Utm
 */
export type Utm = {
    campaign?: string | null;
    medium?: string | null;
    source?: string | null;
};
/**
 * UtmUsed
 */
export type UtmUsed = {
    campaign: string;
    medium: string;
    source: string;
};
/**
 * Variant
 */
export type Variant = {
    /**
     * Absolute http(s) URL, at most 2,048 characters.
     */
    url: string;
    /**
     * A percentage; a link's weights add up to 100.
     */
    weight: number;
};
/**
 * VariantStats
 */
export type VariantStats = {
    /**
     * Clicks sent to this variant since the variants were last set (counted by the worker, like clicks).
     */
    clicks?: number;
    url: string;
    weight: number;
};
/**
 * VcardData
 */
export type VcardData = {
    birthday?: string | null;
    city?: string | null;
    country?: string | null;
    email?: string | null;
    firstName: string;
    jobTitle?: string | null;
    lastName?: string | null;
    mobile?: string | null;
    note?: string | null;
    organization?: string | null;
    phone?: string | null;
    region?: string | null;
    street?: string | null;
    url?: string | null;
    zipcode?: string | null;
};
/**
 * VcardQrCreate
 */
export type VcardQrCreate = {
    data: VcardData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'vcard';
};
/**
 * Verification
 *
 * The DNS record that proves the domain is yours: publish it, then POST .../verify.
 */
export type Verification = {
    name: string;
    type: 'TXT';
    value: string;
};
/**
 * Webhook
 */
export type Webhook = {
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    endpoint: string;
    events: Array<string>;
    failureStreak: number;
    id: string;
    pauseReason: 'failures' | 'gone' | null;
    pausedAt: string | null;
    previousSecretExpiresAt: string | null;
    status: 'active' | 'paused';
    updatedAt: string;
};
/**
 * WebhookCreate
 */
export type WebhookCreate = {
    /**
     * The receiving URL: https, on a public address.
     */
    endpoint: string;
    /**
     * Event types to send (link.created, link.clicked, ...), or ["*"] for every type, present and future.
     */
    events: Array<'*' | 'bio.visited' | 'link.broken' | 'link.clicked' | 'link.created' | 'link.deleted' | 'link.updated' | 'qr.created' | 'qr.scanned' | 'security.flagged'>;
    /**
     * "auto" to have a whsec_ secret generated, or your own 24-128 visible ASCII characters.
     */
    secret?: string;
};
/**
 * WebhookCreated
 *
 * The new webhook with its signing secret, shown this once.
 */
export type WebhookCreated = {
    createdAt: string;
    /**
     * Who made it: the API key's id (key_…) when a key made it, else the user's id (usr_…: a dashboard session or an access token). It stays when that person leaves or the key is revoked; null: made before workspaces.
     */
    createdBy?: string | null;
    endpoint: string;
    events: Array<string>;
    failureStreak: number;
    id: string;
    pauseReason: 'failures' | 'gone' | null;
    pausedAt: string | null;
    previousSecretExpiresAt: string | null;
    secret: string;
    status: 'active' | 'paused';
    updatedAt: string;
};
/**
 * WebhookPage
 */
export type WebhookPage = {
    data: Array<Webhook>;
    nextCursor: string | null;
};
/**
 * WebhookUpdate
 *
 * Only the fields sent change.
 */
export type WebhookUpdate = {
    /**
     * The receiving URL: https, on a public address.
     */
    endpoint?: string;
    /**
     * Event types to send (link.created, link.clicked, ...), or ["*"] for every type, present and future.
     */
    events?: Array<'*' | 'bio.visited' | 'link.broken' | 'link.clicked' | 'link.created' | 'link.deleted' | 'link.updated' | 'qr.created' | 'qr.scanned' | 'security.flagged'>;
};
/**
 * WhatsappData
 */
export type WhatsappData = {
    message?: string | null;
    /**
     * Phone number, ideally +<country><number>.
     */
    number: string;
};
/**
 * WhatsappQrCreate
 */
export type WhatsappQrCreate = {
    data: WhatsappData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'whatsapp';
};
/**
 * WifiData
 */
export type WifiData = {
    hidden?: boolean;
    password?: string | null;
    security?: 'WEP' | 'WPA' | 'nopass';
    /**
     * Network name (required).
     */
    ssid: string;
};
/**
 * WifiQrCreate
 */
export type WifiQrCreate = {
    data: WifiData;
    dynamic?: boolean | null;
    style?: QrStyle | null;
    title?: string | null;
    type: 'wifi';
};
/**
 * WooKeys
 *
 * What WooCommerce POSTs to our callback_url after the owner approved.
 */
export type WooKeys = {
    /**
     * The credential as the platform issued it: visible ASCII characters.
     */
    consumer_key: string;
    /**
     * The credential as the platform issued it: visible ASCII characters.
     */
    consumer_secret: string;
    key_id?: number | string | null;
    key_permissions: string;
    user_id: string;
};
/**
 * Workspace
 */
export type Workspace = {
    createdAt: string;
    id: string;
    linkHealth?: WorkspaceLinkHealth;
    name: string;
    /**
     * A person's own workspace: it goes with their account.
     */
    personal: boolean;
    plan: 'business' | 'free' | 'pro';
    privacy?: WorkspacePrivacy;
    /**
     * Members must sign in with a second factor (TOTP or a passkey).
     */
    requireMfa?: boolean;
    /**
     * The caller's role in it.
     */
    role: 'admin' | 'member' | 'owner' | 'viewer';
    slug: string;
};
/**
 * WorkspaceCreate
 */
export type WorkspaceCreate = {
    /**
     * What the workspace is called.
     */
    name: string;
    /**
     * Made from the name when absent (unique).
     */
    slug?: string | null;
};
/**
 * WorkspaceDelete
 */
export type WorkspaceDelete = {
    confirm?: string | null;
};
/**
 * WorkspaceLinkHealth
 *
 * Whether the worker checks the workspace's links' destinations
 * (docs/api.md#link-health).
 */
export type WorkspaceLinkHealth = {
    /**
     * Check every live link's destinations once a day (HEAD, else a one-byte GET): `health` on each link, `link.broken` to webhooks, a daily digest of broken links to the owners. false: no request is made for its links.
     */
    enabled?: boolean;
};
/**
 * WorkspaceList
 */
export type WorkspaceList = {
    data: Array<Workspace>;
};
/**
 * WorkspacePrivacy
 *
 * What the workspace promises its links' visitors (docs/privacy.md).
 */
export type WorkspacePrivacy = {
    /**
     * Honour `DNT: 1` and `Sec-GPC: 1`: such a click is still counted, but no visitor id, user agent or referrer is kept of it, and it is left out of unique visitors and counted as a direct visit.
     */
    honorDnt?: boolean;
};
/**
 * WorkspaceUpdate
 */
export type WorkspaceUpdate = {
    linkHealth?: WorkspaceLinkHealth | null;
    name?: string | null;
    privacy?: WorkspacePrivacy | null;
    requireMfa?: boolean | null;
    slug?: string | null;
};
export type GetAccountAnalyticsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * ISO 8601 date (UTC midnight) or date-time.
         */
        from?: string | null;
        /**
         * ISO 8601 date (UTC midnight) or date-time.
         */
        to?: string | null;
        /**
         * The series' bucket: hour, day (the default) or week.
         */
        interval?: 'hour' | 'day' | 'week';
        includeBots?: boolean;
        top?: number;
        /**
         * Count the clicks of archived links too (left out by default).
         */
        includeArchived?: boolean;
    };
    url: '/v1/analytics';
};
export type GetAccountAnalyticsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetAccountAnalyticsError = GetAccountAnalyticsErrors[keyof GetAccountAnalyticsErrors];
export type GetAccountAnalyticsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: AccountAnalytics;
};
export type GetAccountAnalyticsResponse = GetAccountAnalyticsResponses[keyof GetAccountAnalyticsResponses];
export type GetLiveClicksData = {
    body?: never;
    headers?: {
        /**
         * The `id:` of the last event received: resume after it.
         */
        'Last-Event-ID'?: string | null;
    };
    path?: never;
    query?: never;
    url: '/v1/analytics/live';
};
export type GetLiveClicksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetLiveClicksError = GetLiveClicksErrors[keyof GetLiveClicksErrors];
export type GetLiveClicksResponses = {
    /**
     * Server-Sent Events: `event: click` with `id:` (resume with `Last-Event-ID`) and the click as `data:` (this schema); `event: gap` when a resumed stream may have missed clicks; a comment line every 15 s (docs/analytics.md#live).
     */
    200: LiveClick;
};
export type GetLiveClicksResponse = GetLiveClicksResponses[keyof GetLiveClicksResponses];
export type GetOrphanVisitsData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * One of your verified custom domains; omitted: the default short host (the operator's workspace only, HOP_ORPHANS_WORKSPACE).
         */
        domain?: string | null;
        /**
         * ISO 8601 date (UTC midnight) or date-time.
         */
        from?: string | null;
        /**
         * ISO 8601 date (UTC midnight) or date-time.
         */
        to?: string | null;
    };
    url: '/v1/analytics/orphans';
};
export type GetOrphanVisitsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetOrphanVisitsError = GetOrphanVisitsErrors[keyof GetOrphanVisitsErrors];
export type GetOrphanVisitsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: OrphanVisits;
};
export type GetOrphanVisitsResponse = GetOrphanVisitsResponses[keyof GetOrphanVisitsResponses];
export type ListApiKeysData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/api-keys';
};
export type ListApiKeysErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListApiKeysError = ListApiKeysErrors[keyof ListApiKeysErrors];
export type ListApiKeysResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: ApiKeyList;
};
export type ListApiKeysResponse = ListApiKeysResponses[keyof ListApiKeysResponses];
export type CreateApiKeyData = {
    body: ApiKeyCreate;
    path?: never;
    query?: never;
    url: '/v1/api-keys';
};
export type CreateApiKeyErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateApiKeyError = CreateApiKeyErrors[keyof CreateApiKeyErrors];
export type CreateApiKeyResponses = {
    /**
     * Document created, URL follows
     */
    201: ApiKeyCreated;
};
export type CreateApiKeyResponse = CreateApiKeyResponses[keyof CreateApiKeyResponses];
export type RevokeApiKeyData = {
    body?: never;
    path: {
        /**
         * An API key id (key_…).
         */
        key_id: string;
    };
    query?: never;
    url: '/v1/api-keys/{key_id}';
};
export type RevokeApiKeyErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type RevokeApiKeyError = RevokeApiKeyErrors[keyof RevokeApiKeyErrors];
export type RevokeApiKeyResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type RevokeApiKeyResponse = RevokeApiKeyResponses[keyof RevokeApiKeyResponses];
export type LogInData = {
    body: LoginRequest;
    path?: never;
    query?: never;
    url: '/v1/auth/login';
};
export type LogInErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type LogInError = LogInErrors[keyof LogInErrors];
export type LogInResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: TokenPair;
};
export type LogInResponse = LogInResponses[keyof LogInResponses];
export type LogInSecondFactorData = {
    body: LoginMfa;
    path?: never;
    query?: never;
    url: '/v1/auth/login/mfa';
};
export type LogInSecondFactorErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type LogInSecondFactorError = LogInSecondFactorErrors[keyof LogInSecondFactorErrors];
export type LogInSecondFactorResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: TokenPair;
};
export type LogInSecondFactorResponse = LogInSecondFactorResponses[keyof LogInSecondFactorResponses];
export type RefreshTokensData = {
    body: RefreshRequest;
    path?: never;
    query?: never;
    url: '/v1/auth/refresh';
};
export type RefreshTokensErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type RefreshTokensError = RefreshTokensErrors[keyof RefreshTokensErrors];
export type RefreshTokensResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: TokenPair;
};
export type RefreshTokensResponse = RefreshTokensResponses[keyof RefreshTokensResponses];
export type DeleteBioPageData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/bio';
};
export type DeleteBioPageErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteBioPageError = DeleteBioPageErrors[keyof DeleteBioPageErrors];
export type DeleteBioPageResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteBioPageResponse = DeleteBioPageResponses[keyof DeleteBioPageResponses];
export type GetBioPageData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/bio';
};
export type GetBioPageErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetBioPageError = GetBioPageErrors[keyof GetBioPageErrors];
export type GetBioPageResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: BioPage;
};
export type GetBioPageResponse = GetBioPageResponses[keyof GetBioPageResponses];
export type PutBioPageData = {
    body: BioPut;
    path?: never;
    query?: never;
    url: '/v1/bio';
};
export type PutBioPageErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type PutBioPageError = PutBioPageErrors[keyof PutBioPageErrors];
export type PutBioPageResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: BioPage;
    /**
     * Created: the page did not exist before.
     */
    201: BioPage;
};
export type PutBioPageResponse = PutBioPageResponses[keyof PutBioPageResponses];
export type GetPublicBioPageData = {
    body?: never;
    path: {
        username: string;
    };
    query?: never;
    url: '/v1/bio/{username}';
};
export type GetPublicBioPageErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetPublicBioPageError = GetPublicBioPageErrors[keyof GetPublicBioPageErrors];
export type GetPublicBioPageResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: PublicBioPage;
};
export type GetPublicBioPageResponse = GetPublicBioPageResponses[keyof GetPublicBioPageResponses];
export type ListDomainsData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/domains';
};
export type ListDomainsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListDomainsError = ListDomainsErrors[keyof ListDomainsErrors];
export type ListDomainsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: DomainList;
};
export type ListDomainsResponse = ListDomainsResponses[keyof ListDomainsResponses];
export type CreateDomainData = {
    body: DomainCreate;
    path?: never;
    query?: never;
    url: '/v1/domains';
};
export type CreateDomainErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateDomainError = CreateDomainErrors[keyof CreateDomainErrors];
export type CreateDomainResponses = {
    /**
     * Document created, URL follows
     */
    201: Domain;
};
export type CreateDomainResponse = CreateDomainResponses[keyof CreateDomainResponses];
export type CheckDomainData = {
    body?: never;
    path?: never;
    query: {
        /**
         * A host name (any case, a final dot allowed).
         */
        domain: string;
    };
    url: '/v1/domains/check';
};
export type CheckDomainErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CheckDomainError = CheckDomainErrors[keyof CheckDomainErrors];
export type CheckDomainResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: DomainCheck;
};
export type CheckDomainResponse = CheckDomainResponses[keyof CheckDomainResponses];
export type DeleteDomainData = {
    body?: never;
    path: {
        /**
         * A domain id (dom_…).
         */
        domain_id: string;
    };
    query?: never;
    url: '/v1/domains/{domain_id}';
};
export type DeleteDomainErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteDomainError = DeleteDomainErrors[keyof DeleteDomainErrors];
export type DeleteDomainResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteDomainResponse = DeleteDomainResponses[keyof DeleteDomainResponses];
export type GetDomainData = {
    body?: never;
    path: {
        /**
         * A domain id (dom_…).
         */
        domain_id: string;
    };
    query?: never;
    url: '/v1/domains/{domain_id}';
};
export type GetDomainErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetDomainError = GetDomainErrors[keyof GetDomainErrors];
export type GetDomainResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Domain;
};
export type GetDomainResponse = GetDomainResponses[keyof GetDomainResponses];
export type UpdateDomainData = {
    body: DomainUpdate;
    path: {
        /**
         * A domain id (dom_…).
         */
        domain_id: string;
    };
    query?: never;
    url: '/v1/domains/{domain_id}';
};
export type UpdateDomainErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateDomainError = UpdateDomainErrors[keyof UpdateDomainErrors];
export type UpdateDomainResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Domain;
};
export type UpdateDomainResponse = UpdateDomainResponses[keyof UpdateDomainResponses];
export type VerifyDomainData = {
    body?: never;
    path: {
        /**
         * A domain id (dom_…).
         */
        domain_id: string;
    };
    query?: never;
    url: '/v1/domains/{domain_id}/verify';
};
export type VerifyDomainErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type VerifyDomainError = VerifyDomainErrors[keyof VerifyDomainErrors];
export type VerifyDomainResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Domain;
};
export type VerifyDomainResponse = VerifyDomainResponses[keyof VerifyDomainResponses];
export type ListImportsData = {
    body?: never;
    path?: never;
    query?: {
        limit?: number;
        cursor?: string | null;
    };
    url: '/v1/imports';
};
export type ListImportsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListImportsError = ListImportsErrors[keyof ListImportsErrors];
export type ListImportsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: ImportPage;
};
export type ListImportsResponse = ListImportsResponses[keyof ListImportsResponses];
export type CreateImportData = {
    body: ImportCreate;
    path?: never;
    query?: never;
    url: '/v1/imports';
};
export type CreateImportErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateImportError = CreateImportErrors[keyof CreateImportErrors];
export type CreateImportResponses = {
    /**
     * Request accepted, processing continues off-line
     */
    202: ImportJob;
};
export type CreateImportResponse = CreateImportResponses[keyof CreateImportResponses];
export type CancelImportData = {
    body?: never;
    path: {
        /**
         * An import id (imp_…).
         */
        import_id: string;
    };
    query?: never;
    url: '/v1/imports/{import_id}';
};
export type CancelImportErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CancelImportError = CancelImportErrors[keyof CancelImportErrors];
export type CancelImportResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: ImportJob;
};
export type CancelImportResponse = CancelImportResponses[keyof CancelImportResponses];
export type GetImportData = {
    body?: never;
    path: {
        /**
         * An import id (imp_…).
         */
        import_id: string;
    };
    query?: never;
    url: '/v1/imports/{import_id}';
};
export type GetImportErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetImportError = GetImportErrors[keyof GetImportErrors];
export type GetImportResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: ImportJob;
};
export type GetImportResponse = GetImportResponses[keyof GetImportResponses];
export type GetImportReportData = {
    body?: never;
    path: {
        /**
         * An import id (imp_…).
         */
        import_id: string;
    };
    query?: never;
    url: '/v1/imports/{import_id}/report';
};
export type GetImportReportErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetImportReportError = GetImportReportErrors[keyof GetImportReportErrors];
export type GetImportReportResponses = {
    /**
     * Stream Response
     */
    200: Blob | File;
};
export type GetImportReportResponse = GetImportReportResponses[keyof GetImportReportResponses];
export type ListIntegrationsData = {
    body?: never;
    path?: never;
    query?: {
        status?: 'active' | 'revoked' | 'all';
    };
    url: '/v1/integrations';
};
export type ListIntegrationsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListIntegrationsError = ListIntegrationsErrors[keyof ListIntegrationsErrors];
export type ListIntegrationsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: IntegrationList;
};
export type ListIntegrationsResponse = ListIntegrationsResponses[keyof ListIntegrationsResponses];
export type ConnectIntegrationData = {
    body: ConnectRequest;
    path?: never;
    query?: never;
    url: '/v1/integrations';
};
export type ConnectIntegrationErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Bad Gateway: the store or the AI endpoint failed, refused or answered nonsense; the detail names it.
     */
    502: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
    /**
     * Gateway Timeout: the store or the AI endpoint did not answer in time.
     */
    504: Problem;
};
export type ConnectIntegrationError = ConnectIntegrationErrors[keyof ConnectIntegrationErrors];
export type ConnectIntegrationResponses = {
    /**
     * Document created, URL follows
     */
    201: Integration;
};
export type ConnectIntegrationResponse = ConnectIntegrationResponses[keyof ConnectIntegrationResponses];
export type CompleteShopifyInstallData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/integrations/shopify/callback';
};
export type CompleteShopifyInstallErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Bad Gateway: the store or the AI endpoint failed, refused or answered nonsense; the detail names it.
     */
    502: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
    /**
     * Gateway Timeout: the store or the AI endpoint did not answer in time.
     */
    504: Problem;
};
export type CompleteShopifyInstallError = CompleteShopifyInstallErrors[keyof CompleteShopifyInstallErrors];
export type CompleteShopifyInstallResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: CallbackDone;
};
export type CompleteShopifyInstallResponse = CompleteShopifyInstallResponses[keyof CompleteShopifyInstallResponses];
export type GetShopifyInstallUrlData = {
    body?: never;
    path?: never;
    query: {
        shop: string;
    };
    url: '/v1/integrations/shopify/install';
};
export type GetShopifyInstallUrlErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetShopifyInstallUrlError = GetShopifyInstallUrlErrors[keyof GetShopifyInstallUrlErrors];
export type GetShopifyInstallUrlResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: InstallUrl;
};
export type GetShopifyInstallUrlResponse = GetShopifyInstallUrlResponses[keyof GetShopifyInstallUrlResponses];
export type ReceiveShopifyWebhookData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/integrations/shopify/webhooks';
};
export type ReceiveShopifyWebhookErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ReceiveShopifyWebhookError = ReceiveShopifyWebhookErrors[keyof ReceiveShopifyWebhookErrors];
export type ReceiveShopifyWebhookResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: CallbackDone;
};
export type ReceiveShopifyWebhookResponse = ReceiveShopifyWebhookResponses[keyof ReceiveShopifyWebhookResponses];
export type ReceiveWooCommerceKeysData = {
    body: WooKeys;
    path?: never;
    query?: never;
    url: '/v1/integrations/woocommerce/callback';
};
export type ReceiveWooCommerceKeysErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Bad Gateway: the store or the AI endpoint failed, refused or answered nonsense; the detail names it.
     */
    502: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
    /**
     * Gateway Timeout: the store or the AI endpoint did not answer in time.
     */
    504: Problem;
};
export type ReceiveWooCommerceKeysError = ReceiveWooCommerceKeysErrors[keyof ReceiveWooCommerceKeysErrors];
export type ReceiveWooCommerceKeysResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: CallbackDone;
};
export type ReceiveWooCommerceKeysResponse = ReceiveWooCommerceKeysResponses[keyof ReceiveWooCommerceKeysResponses];
export type GetWooCommerceInstallUrlData = {
    body?: never;
    path?: never;
    query: {
        storeUrl: string;
    };
    url: '/v1/integrations/woocommerce/install';
};
export type GetWooCommerceInstallUrlErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetWooCommerceInstallUrlError = GetWooCommerceInstallUrlErrors[keyof GetWooCommerceInstallUrlErrors];
export type GetWooCommerceInstallUrlResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: InstallUrl;
};
export type GetWooCommerceInstallUrlResponse = GetWooCommerceInstallUrlResponses[keyof GetWooCommerceInstallUrlResponses];
export type ReturnFromWooCommerceData = {
    body?: never;
    path?: never;
    query?: {
        success?: string | null;
        user_id?: string | null;
    };
    url: '/v1/integrations/woocommerce/return';
};
export type ReturnFromWooCommerceErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ReturnFromWooCommerceError = ReturnFromWooCommerceErrors[keyof ReturnFromWooCommerceErrors];
export type ReturnFromWooCommerceResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: CallbackDone;
};
export type ReturnFromWooCommerceResponse = ReturnFromWooCommerceResponses[keyof ReturnFromWooCommerceResponses];
export type DeleteIntegrationData = {
    body?: never;
    path: {
        /**
         * An integration id (int_…).
         */
        integration_id: string;
    };
    query?: {
        deleteLinks?: boolean;
    };
    url: '/v1/integrations/{integration_id}';
};
export type DeleteIntegrationErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteIntegrationError = DeleteIntegrationErrors[keyof DeleteIntegrationErrors];
export type DeleteIntegrationResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteIntegrationResponse = DeleteIntegrationResponses[keyof DeleteIntegrationResponses];
export type GetIntegrationData = {
    body?: never;
    path: {
        /**
         * An integration id (int_…).
         */
        integration_id: string;
    };
    query?: never;
    url: '/v1/integrations/{integration_id}';
};
export type GetIntegrationErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetIntegrationError = GetIntegrationErrors[keyof GetIntegrationErrors];
export type GetIntegrationResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Integration;
};
export type GetIntegrationResponse = GetIntegrationResponses[keyof GetIntegrationResponses];
export type ListProductLinksData = {
    body?: never;
    path: {
        /**
         * An integration id (int_…).
         */
        integration_id: string;
    };
    query?: {
        limit?: number;
        cursor?: string | null;
    };
    url: '/v1/integrations/{integration_id}/product-links';
};
export type ListProductLinksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListProductLinksError = ListProductLinksErrors[keyof ListProductLinksErrors];
export type ListProductLinksResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: ProductLinkPage;
};
export type ListProductLinksResponse = ListProductLinksResponses[keyof ListProductLinksResponses];
export type ListProductsData = {
    body?: never;
    path: {
        /**
         * An integration id (int_…).
         */
        integration_id: string;
    };
    query?: {
        limit?: number;
        cursor?: string | null;
        q?: string | null;
    };
    url: '/v1/integrations/{integration_id}/products';
};
export type ListProductsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Bad Gateway: the store or the AI endpoint failed, refused or answered nonsense; the detail names it.
     */
    502: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
    /**
     * Gateway Timeout: the store or the AI endpoint did not answer in time.
     */
    504: Problem;
};
export type ListProductsError = ListProductsErrors[keyof ListProductsErrors];
export type ListProductsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: ProductPage;
};
export type ListProductsResponse = ListProductsResponses[keyof ListProductsResponses];
export type GenerateProductLinkData = {
    body: GenerateRequest;
    path: {
        /**
         * An integration id (int_…).
         */
        integration_id: string;
        /**
         * The product's id in the store (digits).
         */
        product_id: string;
    };
    query?: never;
    url: '/v1/integrations/{integration_id}/products/{product_id}/generate';
};
export type GenerateProductLinkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Bad Gateway: the store or the AI endpoint failed, refused or answered nonsense; the detail names it.
     */
    502: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
    /**
     * Gateway Timeout: the store or the AI endpoint did not answer in time.
     */
    504: Problem;
};
export type GenerateProductLinkError = GenerateProductLinkErrors[keyof GenerateProductLinkErrors];
export type GenerateProductLinkResponses = {
    /**
     * Document created, URL follows
     */
    201: ProductLink;
};
export type GenerateProductLinkResponse = GenerateProductLinkResponses[keyof GenerateProductLinkResponses];
export type AcceptInvitationData = {
    body: InvitationAccept;
    path?: never;
    query?: never;
    url: '/v1/invitations/accept';
};
export type AcceptInvitationErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Gone: the invitation was used, revoked or has expired.
     */
    410: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type AcceptInvitationError = AcceptInvitationErrors[keyof AcceptInvitationErrors];
export type AcceptInvitationResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: InvitationAccepted;
};
export type AcceptInvitationResponse = AcceptInvitationResponses[keyof AcceptInvitationResponses];
export type ListLinksData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Repeat for several (tag=a&tag=b); see tagMatch.
         */
        tag?: Array<string>;
        /**
         * all (the default): links with every tag given; any: with one of them.
         */
        tagMatch?: 'all' | 'any';
        /**
         * active, expired, flagged or blocked: the status the resource states.
         */
        status?: 'active' | 'expired' | 'flagged' | 'blocked';
        /**
         * Part of the long URL or short code.
         */
        q?: string | null;
        /**
         * Created at or after. ISO 8601 date (UTC midnight) or date-time.
         */
        createdFrom?: string | null;
        /**
         * Created before. ISO 8601 date (UTC midnight) or date-time.
         */
        createdTo?: string | null;
        /**
         * The links on this custom domain (go.brand.com), or `default`: those on the default short host.
         */
        domain?: string | null;
        /**
         * false (the default): archived links are left out; true: only archived links; all: both. With externalId and no archived: both.
         */
        archived?: 'false' | 'true' | 'all';
        /**
         * The link with this externalId (yours, set on create, PATCH or upsert).
         */
        externalId?: string | null;
        limit?: number;
        cursor?: string | null;
        /**
         * -created (newest first, the default), created, -clicks (most clicked first), clicks; ties by id.
         */
        sort?: '-created' | 'created' | '-clicks' | 'clicks';
    };
    url: '/v1/links';
};
export type ListLinksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListLinksError = ListLinksErrors[keyof ListLinksErrors];
export type ListLinksResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: LinkPage;
};
export type ListLinksResponse = ListLinksResponses[keyof ListLinksResponses];
export type CreateLinkData = {
    body: LinkCreate;
    path?: never;
    query?: never;
    url: '/v1/links';
};
export type CreateLinkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateLinkError = CreateLinkErrors[keyof CreateLinkErrors];
export type CreateLinkResponses = {
    /**
     * Document created, URL follows
     */
    201: Link;
};
export type CreateLinkResponse = CreateLinkResponses[keyof CreateLinkResponses];
export type CreateLinksBulkData = {
    body: BulkCreate;
    path?: never;
    query?: never;
    url: '/v1/links/bulk';
};
export type CreateLinksBulkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateLinksBulkError = CreateLinksBulkErrors[keyof CreateLinksBulkErrors];
export type CreateLinksBulkResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: BulkResult;
};
export type CreateLinksBulkResponse = CreateLinksBulkResponses[keyof CreateLinksBulkResponses];
export type UpdateLinksBulkData = {
    body: BulkUpdate;
    path?: never;
    query?: never;
    url: '/v1/links/bulk-update';
};
export type UpdateLinksBulkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateLinksBulkError = UpdateLinksBulkErrors[keyof UpdateLinksBulkErrors];
export type UpdateLinksBulkResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: BulkUpdateResult;
};
export type UpdateLinksBulkResponse = UpdateLinksBulkResponses[keyof UpdateLinksBulkResponses];
export type ExportLinksData = {
    body?: never;
    path?: never;
    query?: {
        /**
         * Repeat for several (tag=a&tag=b); see tagMatch.
         */
        tag?: Array<string>;
        /**
         * all (the default): links with every tag given; any: with one of them.
         */
        tagMatch?: 'all' | 'any';
        /**
         * active, expired, flagged or blocked: the status the resource states.
         */
        status?: 'active' | 'expired' | 'flagged' | 'blocked';
        /**
         * Part of the long URL or short code.
         */
        q?: string | null;
        /**
         * Created at or after. ISO 8601 date (UTC midnight) or date-time.
         */
        createdFrom?: string | null;
        /**
         * Created before. ISO 8601 date (UTC midnight) or date-time.
         */
        createdTo?: string | null;
        /**
         * The links on this custom domain (go.brand.com), or `default`: those on the default short host.
         */
        domain?: string | null;
        /**
         * false (the default): archived links are left out; true: only archived links; all: both. With externalId and no archived: both.
         */
        archived?: 'false' | 'true' | 'all';
        /**
         * The link with this externalId (yours, set on create, PATCH or upsert).
         */
        externalId?: string | null;
        /**
         * Only csv.
         */
        format?: 'csv';
    };
    url: '/v1/links/export';
};
export type ExportLinksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ExportLinksError = ExportLinksErrors[keyof ExportLinksErrors];
export type ExportLinksResponses = {
    /**
     * CSV, a header row then one link per row (docs/api.md#bulk).
     */
    200: Blob | File;
};
export type ExportLinksResponse = ExportLinksResponses[keyof ExportLinksResponses];
export type ImportLinksData = {
    /**
     * UTF-8 CSV: a header row (`longUrl` required; `alias`, `tags` separated by `|`, `expiresAt`, `redirectType`, `forwardQuery`, `domain`, `externalId`, `archived`), then up to 1,000 rows.
     */
    body: Blob | File;
    path?: never;
    query?: never;
    url: '/v1/links/import';
};
export type ImportLinksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ImportLinksError = ImportLinksErrors[keyof ImportLinksErrors];
export type ImportLinksResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: BulkResult;
};
export type ImportLinksResponse = ImportLinksResponses[keyof ImportLinksResponses];
export type UpsertLinkData = {
    body: LinkCreate;
    path?: never;
    query?: never;
    url: '/v1/links/upsert';
};
export type UpsertLinkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpsertLinkError = UpsertLinkErrors[keyof UpsertLinkErrors];
export type UpsertLinkResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Link;
    /**
     * Created: no link of yours matched (see Location).
     */
    201: Link;
};
export type UpsertLinkResponse = UpsertLinkResponses[keyof UpsertLinkResponses];
export type DeleteLinkData = {
    body?: never;
    path: {
        /**
         * A link id (lnk_…).
         */
        link_id: string;
    };
    query?: {
        /**
         * Also delete everything stored of its clicks: the raw clicks, their daily counts and unique visitors (the workspace's totals drop by them), and those still on their way (docs/privacy.md).
         */
        purgeClicks?: boolean;
    };
    url: '/v1/links/{link_id}';
};
export type DeleteLinkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteLinkError = DeleteLinkErrors[keyof DeleteLinkErrors];
export type DeleteLinkResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteLinkResponse = DeleteLinkResponses[keyof DeleteLinkResponses];
export type GetLinkData = {
    body?: never;
    path: {
        /**
         * A link id (lnk_…).
         */
        link_id: string;
    };
    query?: never;
    url: '/v1/links/{link_id}';
};
export type GetLinkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetLinkError = GetLinkErrors[keyof GetLinkErrors];
export type GetLinkResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Link;
};
export type GetLinkResponse = GetLinkResponses[keyof GetLinkResponses];
export type UpdateLinkData = {
    body: LinkUpdate;
    path: {
        /**
         * A link id (lnk_…).
         */
        link_id: string;
    };
    query?: never;
    url: '/v1/links/{link_id}';
};
export type UpdateLinkErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateLinkError = UpdateLinkErrors[keyof UpdateLinkErrors];
export type UpdateLinkResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Link;
};
export type UpdateLinkResponse = UpdateLinkResponses[keyof UpdateLinkResponses];
export type GetLinkClicksData = {
    body?: never;
    path: {
        link_id: string;
    };
    query?: {
        /**
         * ISO 8601 date (UTC midnight) or date-time.
         */
        from?: string | null;
        /**
         * ISO 8601 date (UTC midnight) or date-time.
         */
        to?: string | null;
        includeBots?: boolean;
        limit?: number;
        cursor?: string | null;
    };
    url: '/v1/links/{link_id}/clicks';
};
export type GetLinkClicksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetLinkClicksError = GetLinkClicksErrors[keyof GetLinkClicksErrors];
export type GetLinkClicksResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: LinkClicks;
};
export type GetLinkClicksResponse = GetLinkClicksResponses[keyof GetLinkClicksResponses];
export type ExportLinkClicksData = {
    body?: never;
    path: {
        link_id: string;
    };
    query?: {
        /**
         * ISO 8601 date or date-time.
         */
        from?: string | null;
        /**
         * ISO 8601 date or date-time.
         */
        to?: string | null;
        /**
         * csv (the default) or ndjson.
         */
        format?: 'csv' | 'ndjson';
    };
    url: '/v1/links/{link_id}/clicks/export';
};
export type ExportLinkClicksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ExportLinkClicksError = ExportLinkClicksErrors[keyof ExportLinkClicksErrors];
export type ExportLinkClicksResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Blob | File;
};
export type ExportLinkClicksResponse = ExportLinkClicksResponses[keyof ExportLinkClicksResponses];
export type GetLinkLiveClicksData = {
    body?: never;
    headers?: {
        /**
         * The `id:` of the last event received: resume after it.
         */
        'Last-Event-ID'?: string | null;
    };
    path: {
        link_id: string;
    };
    query?: never;
    url: '/v1/links/{link_id}/clicks/live';
};
export type GetLinkLiveClicksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetLinkLiveClicksError = GetLinkLiveClicksErrors[keyof GetLinkLiveClicksErrors];
export type GetLinkLiveClicksResponses = {
    /**
     * Server-Sent Events: `event: click` with `id:` (resume with `Last-Event-ID`) and the click as `data:` (this schema); `event: gap` when a resumed stream may have missed clicks; a comment line every 15 s (docs/analytics.md#live).
     */
    200: LiveClick;
};
export type GetLinkLiveClicksResponse = GetLinkLiveClicksResponses[keyof GetLinkLiveClicksResponses];
export type RequestLinkReviewData = {
    body?: never;
    path: {
        /**
         * A link id (lnk_…).
         */
        link_id: string;
    };
    query?: never;
    url: '/v1/links/{link_id}/review';
};
export type RequestLinkReviewErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type RequestLinkReviewError = RequestLinkReviewErrors[keyof RequestLinkReviewErrors];
export type RequestLinkReviewResponses = {
    /**
     * Request accepted, processing continues off-line
     */
    202: Link;
};
export type RequestLinkReviewResponse = RequestLinkReviewResponses[keyof RequestLinkReviewResponses];
export type ListQrCodesData = {
    body?: never;
    path?: never;
    query?: {
        limit?: number;
        cursor?: string | null;
    };
    url: '/v1/qr';
};
export type ListQrCodesErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListQrCodesError = ListQrCodesErrors[keyof ListQrCodesErrors];
export type ListQrCodesResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: QrPage;
};
export type ListQrCodesResponse = ListQrCodesResponses[keyof ListQrCodesResponses];
export type CreateQrCodeData = {
    body: ({
        type?: 'url';
    } & UrlQrCreate) | ({
        type?: 'link';
    } & LinkQrCreate) | ({
        type?: 'text';
    } & TextQrCreate) | ({
        type?: 'email';
    } & EmailQrCreate) | ({
        type?: 'phone';
    } & PhoneQrCreate) | ({
        type?: 'sms';
    } & SmsQrCreate) | ({
        type?: 'whatsapp';
    } & WhatsappQrCreate) | ({
        type?: 'wifi';
    } & WifiQrCreate) | ({
        type?: 'vcard';
    } & VcardQrCreate) | ({
        type?: 'mecard';
    } & MecardQrCreate) | ({
        type?: 'geo';
    } & GeoQrCreate) | ({
        type?: 'event';
    } & EventQrCreate) | ({
        type?: 'epc';
    } & EpcQrCreate) | ({
        type?: 'crypto';
    } & CryptoQrCreate) | ({
        type?: 'app';
    } & AppQrCreate) | ({
        type?: 'social';
    } & SocialQrCreate) | ({
        type?: 'bio';
    } & BioQrCreate);
    path?: never;
    query?: never;
    url: '/v1/qr';
};
export type CreateQrCodeErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateQrCodeError = CreateQrCodeErrors[keyof CreateQrCodeErrors];
export type CreateQrCodeResponses = {
    /**
     * Document created, URL follows
     */
    201: QrCode;
};
export type CreateQrCodeResponse = CreateQrCodeResponses[keyof CreateQrCodeResponses];
export type DeleteQrCodeData = {
    body?: never;
    path: {
        /**
         * A QR code id (qr_…).
         */
        qr_id: string;
    };
    query?: never;
    url: '/v1/qr/{qr_id}';
};
export type DeleteQrCodeErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteQrCodeError = DeleteQrCodeErrors[keyof DeleteQrCodeErrors];
export type DeleteQrCodeResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteQrCodeResponse = DeleteQrCodeResponses[keyof DeleteQrCodeResponses];
export type GetQrCodeData = {
    body?: never;
    path: {
        /**
         * A QR code id (qr_…).
         */
        qr_id: string;
    };
    query?: never;
    url: '/v1/qr/{qr_id}';
};
export type GetQrCodeErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetQrCodeError = GetQrCodeErrors[keyof GetQrCodeErrors];
export type GetQrCodeResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: QrCode;
};
export type GetQrCodeResponse = GetQrCodeResponses[keyof GetQrCodeResponses];
export type UpdateQrCodeData = {
    body: QrUpdate;
    path: {
        /**
         * A QR code id (qr_…).
         */
        qr_id: string;
    };
    query?: never;
    url: '/v1/qr/{qr_id}';
};
export type UpdateQrCodeErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateQrCodeError = UpdateQrCodeErrors[keyof UpdateQrCodeErrors];
export type UpdateQrCodeResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: QrCode;
};
export type UpdateQrCodeResponse = UpdateQrCodeResponses[keyof UpdateQrCodeResponses];
export type GetQrImageData = {
    body?: never;
    path: {
        /**
         * A QR code id (qr_…).
         */
        qr_id: string;
    };
    query?: {
        /**
         * svg, png or pdf
         */
        format?: 'svg' | 'png' | 'pdf';
        /**
         * Pixels per module.
         */
        scale?: number;
        /**
         * Quiet zone, modules.
         */
        border?: number;
        /**
         * Colour of dark modules; unset: the style's.
         */
        dark?: string | null;
        /**
         * Background colour or `transparent`; unset: the style's.
         */
        light?: string | null;
        /**
         * Error correction: L, M, Q or H; unset: the style's.
         */
        ecl?: 'L' | 'M' | 'Q' | 'H' | null;
    };
    url: '/v1/qr/{qr_id}/image';
};
export type GetQrImageErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetQrImageError = GetQrImageErrors[keyof GetQrImageErrors];
export type GetQrImageResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Blob | File;
};
export type GetQrImageResponse = GetQrImageResponses[keyof GetQrImageResponses];
export type ListTagsData = {
    body?: never;
    path?: never;
    query?: {
        limit?: number;
    };
    url: '/v1/tags';
};
export type ListTagsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListTagsError = ListTagsErrors[keyof ListTagsErrors];
export type ListTagsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: TagList;
};
export type ListTagsResponse = ListTagsResponses[keyof ListTagsResponses];
export type DeleteCurrentAccountData = {
    body: AccountDelete;
    path?: never;
    query?: never;
    url: '/v1/users/me';
};
export type DeleteCurrentAccountErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteCurrentAccountError = DeleteCurrentAccountErrors[keyof DeleteCurrentAccountErrors];
export type DeleteCurrentAccountResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteCurrentAccountResponse = DeleteCurrentAccountResponses[keyof DeleteCurrentAccountResponses];
export type GetCurrentAccountData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/users/me';
};
export type GetCurrentAccountErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetCurrentAccountError = GetCurrentAccountErrors[keyof GetCurrentAccountErrors];
export type GetCurrentAccountResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Me;
};
export type GetCurrentAccountResponse = GetCurrentAccountResponses[keyof GetCurrentAccountResponses];
export type ExportAccountData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/users/me/export';
};
export type ExportAccountErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ExportAccountError = ExportAccountErrors[keyof ExportAccountErrors];
export type ExportAccountResponses = {
    /**
     * The whole export as one JSON document (see docs/export.md), streamed; it ends with "complete": true.
     */
    200: {
        [key: string]: unknown;
    };
};
export type ExportAccountResponse = ExportAccountResponses[keyof ExportAccountResponses];
export type DeleteTotpData = {
    body: TotpDisable;
    path?: never;
    query?: never;
    url: '/v1/users/me/mfa/totp';
};
export type DeleteTotpErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteTotpError = DeleteTotpErrors[keyof DeleteTotpErrors];
export type DeleteTotpResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteTotpResponse = DeleteTotpResponses[keyof DeleteTotpResponses];
export type CreateTotpEnrolmentData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/users/me/mfa/totp';
};
export type CreateTotpEnrolmentErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateTotpEnrolmentError = CreateTotpEnrolmentErrors[keyof CreateTotpEnrolmentErrors];
export type CreateTotpEnrolmentResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: TotpEnrolment;
};
export type CreateTotpEnrolmentResponse = CreateTotpEnrolmentResponses[keyof CreateTotpEnrolmentResponses];
export type CompleteTotpEnrolmentData = {
    body: TotpConfirm;
    path?: never;
    query?: never;
    url: '/v1/users/me/mfa/totp/confirm';
};
export type CompleteTotpEnrolmentErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CompleteTotpEnrolmentError = CompleteTotpEnrolmentErrors[keyof CompleteTotpEnrolmentErrors];
export type CompleteTotpEnrolmentResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: RecoveryCodes;
};
export type CompleteTotpEnrolmentResponse = CompleteTotpEnrolmentResponses[keyof CompleteTotpEnrolmentResponses];
export type ListPasskeysData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/users/me/passkeys';
};
export type ListPasskeysErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListPasskeysError = ListPasskeysErrors[keyof ListPasskeysErrors];
export type ListPasskeysResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: PasskeyList;
};
export type ListPasskeysResponse = ListPasskeysResponses[keyof ListPasskeysResponses];
export type DeletePasskeyData = {
    body?: never;
    path: {
        /**
         * A passkey id (pk_…).
         */
        passkey_id: string;
    };
    query?: never;
    url: '/v1/users/me/passkeys/{passkey_id}';
};
export type DeletePasskeyErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeletePasskeyError = DeletePasskeyErrors[keyof DeletePasskeyErrors];
export type DeletePasskeyResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeletePasskeyResponse = DeletePasskeyResponses[keyof DeletePasskeyResponses];
export type UpdatePasskeyData = {
    body: PasskeyRename;
    path: {
        /**
         * A passkey id (pk_…).
         */
        passkey_id: string;
    };
    query?: never;
    url: '/v1/users/me/passkeys/{passkey_id}';
};
export type UpdatePasskeyErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdatePasskeyError = UpdatePasskeyErrors[keyof UpdatePasskeyErrors];
export type UpdatePasskeyResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Passkey;
};
export type UpdatePasskeyResponse = UpdatePasskeyResponses[keyof UpdatePasskeyResponses];
export type ListWebhooksData = {
    body?: never;
    path?: never;
    query?: {
        limit?: number;
        cursor?: string | null;
    };
    url: '/v1/webhooks';
};
export type ListWebhooksErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListWebhooksError = ListWebhooksErrors[keyof ListWebhooksErrors];
export type ListWebhooksResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: WebhookPage;
};
export type ListWebhooksResponse = ListWebhooksResponses[keyof ListWebhooksResponses];
export type RegisterWebhookData = {
    body: WebhookCreate;
    path?: never;
    query?: never;
    url: '/v1/webhooks';
};
export type RegisterWebhookErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type RegisterWebhookError = RegisterWebhookErrors[keyof RegisterWebhookErrors];
export type RegisterWebhookResponses = {
    /**
     * Document created, URL follows
     */
    201: WebhookCreated;
};
export type RegisterWebhookResponse = RegisterWebhookResponses[keyof RegisterWebhookResponses];
export type DeleteWebhookData = {
    body?: never;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
    };
    query?: never;
    url: '/v1/webhooks/{webhook_id}';
};
export type DeleteWebhookErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteWebhookError = DeleteWebhookErrors[keyof DeleteWebhookErrors];
export type DeleteWebhookResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteWebhookResponse = DeleteWebhookResponses[keyof DeleteWebhookResponses];
export type GetWebhookData = {
    body?: never;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
    };
    query?: never;
    url: '/v1/webhooks/{webhook_id}';
};
export type GetWebhookErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetWebhookError = GetWebhookErrors[keyof GetWebhookErrors];
export type GetWebhookResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Webhook;
};
export type GetWebhookResponse = GetWebhookResponses[keyof GetWebhookResponses];
export type UpdateWebhookData = {
    body: WebhookUpdate;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
    };
    query?: never;
    url: '/v1/webhooks/{webhook_id}';
};
export type UpdateWebhookErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateWebhookError = UpdateWebhookErrors[keyof UpdateWebhookErrors];
export type UpdateWebhookResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Webhook;
};
export type UpdateWebhookResponse = UpdateWebhookResponses[keyof UpdateWebhookResponses];
export type ListWebhookDeliveriesData = {
    body?: never;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
    };
    query?: {
        limit?: number;
        cursor?: string | null;
        /**
         * Only this event.
         */
        eventId?: string | null;
    };
    url: '/v1/webhooks/{webhook_id}/deliveries';
};
export type ListWebhookDeliveriesErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListWebhookDeliveriesError = ListWebhookDeliveriesErrors[keyof ListWebhookDeliveriesErrors];
export type ListWebhookDeliveriesResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: AttemptPage;
};
export type ListWebhookDeliveriesResponse = ListWebhookDeliveriesResponses[keyof ListWebhookDeliveriesResponses];
export type RedeliverWebhookDeliveryData = {
    body?: never;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
        /**
         * A delivery id (dlv_…).
         */
        delivery_id: string;
    };
    query?: never;
    url: '/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver';
};
export type RedeliverWebhookDeliveryErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type RedeliverWebhookDeliveryError = RedeliverWebhookDeliveryErrors[keyof RedeliverWebhookDeliveryErrors];
export type RedeliverWebhookDeliveryResponses = {
    /**
     * Request accepted, processing continues off-line
     */
    202: Delivery;
};
export type RedeliverWebhookDeliveryResponse = RedeliverWebhookDeliveryResponses[keyof RedeliverWebhookDeliveryResponses];
export type ResumeWebhookData = {
    body?: never;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
    };
    query?: never;
    url: '/v1/webhooks/{webhook_id}/resume';
};
export type ResumeWebhookErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ResumeWebhookError = ResumeWebhookErrors[keyof ResumeWebhookErrors];
export type ResumeWebhookResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Webhook;
};
export type ResumeWebhookResponse = ResumeWebhookResponses[keyof ResumeWebhookResponses];
export type RotateWebhookSecretData = {
    body?: never;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
    };
    query?: never;
    url: '/v1/webhooks/{webhook_id}/rotate-secret';
};
export type RotateWebhookSecretErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type RotateWebhookSecretError = RotateWebhookSecretErrors[keyof RotateWebhookSecretErrors];
export type RotateWebhookSecretResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: SecretRotated;
};
export type RotateWebhookSecretResponse = RotateWebhookSecretResponses[keyof RotateWebhookSecretResponses];
export type SendWebhookTestData = {
    body?: never;
    path: {
        /**
         * A webhook id (wh_…).
         */
        webhook_id: string;
    };
    query?: never;
    url: '/v1/webhooks/{webhook_id}/test';
};
export type SendWebhookTestErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type SendWebhookTestError = SendWebhookTestErrors[keyof SendWebhookTestErrors];
export type SendWebhookTestResponses = {
    /**
     * Request accepted, processing continues off-line
     */
    202: Delivery;
};
export type SendWebhookTestResponse = SendWebhookTestResponses[keyof SendWebhookTestResponses];
export type ListWorkspacesData = {
    body?: never;
    path?: never;
    query?: never;
    url: '/v1/workspaces';
};
export type ListWorkspacesErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListWorkspacesError = ListWorkspacesErrors[keyof ListWorkspacesErrors];
export type ListWorkspacesResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: WorkspaceList;
};
export type ListWorkspacesResponse = ListWorkspacesResponses[keyof ListWorkspacesResponses];
export type CreateWorkspaceData = {
    body: WorkspaceCreate;
    path?: never;
    query?: never;
    url: '/v1/workspaces';
};
export type CreateWorkspaceErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateWorkspaceError = CreateWorkspaceErrors[keyof CreateWorkspaceErrors];
export type CreateWorkspaceResponses = {
    /**
     * Document created, URL follows
     */
    201: Workspace;
};
export type CreateWorkspaceResponse = CreateWorkspaceResponses[keyof CreateWorkspaceResponses];
export type DeleteWorkspaceData = {
    body: WorkspaceDelete;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}';
};
export type DeleteWorkspaceErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteWorkspaceError = DeleteWorkspaceErrors[keyof DeleteWorkspaceErrors];
export type DeleteWorkspaceResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteWorkspaceResponse = DeleteWorkspaceResponses[keyof DeleteWorkspaceResponses];
export type GetWorkspaceData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}';
};
export type GetWorkspaceErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetWorkspaceError = GetWorkspaceErrors[keyof GetWorkspaceErrors];
export type GetWorkspaceResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Workspace;
};
export type GetWorkspaceResponse = GetWorkspaceResponses[keyof GetWorkspaceResponses];
export type UpdateWorkspaceData = {
    body: WorkspaceUpdate;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}';
};
export type UpdateWorkspaceErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateWorkspaceError = UpdateWorkspaceErrors[keyof UpdateWorkspaceErrors];
export type UpdateWorkspaceResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Workspace;
};
export type UpdateWorkspaceResponse = UpdateWorkspaceResponses[keyof UpdateWorkspaceResponses];
export type ListAuditLogData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: {
        limit?: number;
        cursor?: string | null;
    };
    url: '/v1/workspaces/{workspace_id}/audit-log';
};
export type ListAuditLogErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListAuditLogError = ListAuditLogErrors[keyof ListAuditLogErrors];
export type ListAuditLogResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: AuditLogPage;
};
export type ListAuditLogResponse = ListAuditLogResponses[keyof ListAuditLogResponses];
export type ListInvitationsData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/invitations';
};
export type ListInvitationsErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListInvitationsError = ListInvitationsErrors[keyof ListInvitationsErrors];
export type ListInvitationsResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: InvitationList;
};
export type ListInvitationsResponse = ListInvitationsResponses[keyof ListInvitationsResponses];
export type CreateInvitationData = {
    body: InvitationCreate;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/invitations';
};
export type CreateInvitationErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateInvitationError = CreateInvitationErrors[keyof CreateInvitationErrors];
export type CreateInvitationResponses = {
    /**
     * Document created, URL follows
     */
    201: Invitation;
};
export type CreateInvitationResponse = CreateInvitationResponses[keyof CreateInvitationResponses];
export type RevokeInvitationData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
        /**
         * An invitation id (inv_…).
         */
        invitation_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/invitations/{invitation_id}';
};
export type RevokeInvitationErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type RevokeInvitationError = RevokeInvitationErrors[keyof RevokeInvitationErrors];
export type RevokeInvitationResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type RevokeInvitationResponse = RevokeInvitationResponses[keyof RevokeInvitationResponses];
export type ResendInvitationData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
        /**
         * An invitation id (inv_…).
         */
        invitation_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/invitations/{invitation_id}/resend';
};
export type ResendInvitationErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ResendInvitationError = ResendInvitationErrors[keyof ResendInvitationErrors];
export type ResendInvitationResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Invitation;
};
export type ResendInvitationResponse = ResendInvitationResponses[keyof ResendInvitationResponses];
export type ListWorkspaceMembersData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/members';
};
export type ListWorkspaceMembersErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type ListWorkspaceMembersError = ListWorkspaceMembersErrors[keyof ListWorkspaceMembersErrors];
export type ListWorkspaceMembersResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: MemberList;
};
export type ListWorkspaceMembersResponse = ListWorkspaceMembersResponses[keyof ListWorkspaceMembersResponses];
export type DeleteWorkspaceMemberData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
        /**
         * A member's user id (usr_…).
         */
        user_id: string;
    };
    query?: {
        /**
         * Also revoke the API keys the member made in the workspace (otherwise they keep working, capped at the role the member held).
         */
        revokeKeys?: boolean;
    };
    url: '/v1/workspaces/{workspace_id}/members/{user_id}';
};
export type DeleteWorkspaceMemberErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteWorkspaceMemberError = DeleteWorkspaceMemberErrors[keyof DeleteWorkspaceMemberErrors];
export type DeleteWorkspaceMemberResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteWorkspaceMemberResponse = DeleteWorkspaceMemberResponses[keyof DeleteWorkspaceMemberResponses];
export type UpdateWorkspaceMemberData = {
    body: MemberUpdate;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
        /**
         * A member's user id (usr_…).
         */
        user_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/members/{user_id}';
};
export type UpdateWorkspaceMemberErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateWorkspaceMemberError = UpdateWorkspaceMemberErrors[keyof UpdateWorkspaceMemberErrors];
export type UpdateWorkspaceMemberResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Member;
};
export type UpdateWorkspaceMemberResponse = UpdateWorkspaceMemberResponses[keyof UpdateWorkspaceMemberResponses];
export type DeleteWorkspaceSsoData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/sso';
};
export type DeleteWorkspaceSsoErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type DeleteWorkspaceSsoError = DeleteWorkspaceSsoErrors[keyof DeleteWorkspaceSsoErrors];
export type DeleteWorkspaceSsoResponses = {
    /**
     * Request fulfilled, nothing follows
     */
    204: void;
};
export type DeleteWorkspaceSsoResponse = DeleteWorkspaceSsoResponses[keyof DeleteWorkspaceSsoResponses];
export type GetWorkspaceSsoData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/sso';
};
export type GetWorkspaceSsoErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type GetWorkspaceSsoError = GetWorkspaceSsoErrors[keyof GetWorkspaceSsoErrors];
export type GetWorkspaceSsoResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Sso;
};
export type GetWorkspaceSsoResponse = GetWorkspaceSsoResponses[keyof GetWorkspaceSsoResponses];
export type UpdateWorkspaceSsoData = {
    body: SsoUpdate;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/sso';
};
export type UpdateWorkspaceSsoErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type UpdateWorkspaceSsoError = UpdateWorkspaceSsoErrors[keyof UpdateWorkspaceSsoErrors];
export type UpdateWorkspaceSsoResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Sso;
};
export type UpdateWorkspaceSsoResponse = UpdateWorkspaceSsoResponses[keyof UpdateWorkspaceSsoResponses];
export type CreateWorkspaceSsoData = {
    body: SsoCreate;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/sso';
};
export type CreateWorkspaceSsoErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type CreateWorkspaceSsoError = CreateWorkspaceSsoErrors[keyof CreateWorkspaceSsoErrors];
export type CreateWorkspaceSsoResponses = {
    /**
     * Document created, URL follows
     */
    201: Sso;
};
export type CreateWorkspaceSsoResponse = CreateWorkspaceSsoResponses[keyof CreateWorkspaceSsoResponses];
export type PutWorkspaceSsoData = {
    body: SsoCreate;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/sso';
};
export type PutWorkspaceSsoErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type PutWorkspaceSsoError = PutWorkspaceSsoErrors[keyof PutWorkspaceSsoErrors];
export type PutWorkspaceSsoResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Sso;
};
export type PutWorkspaceSsoResponse = PutWorkspaceSsoResponses[keyof PutWorkspaceSsoResponses];
export type VerifyWorkspaceSsoDomainData = {
    body?: never;
    path: {
        /**
         * A workspace id (ws_…).
         */
        workspace_id: string;
        /**
         * One of the connection's e-mail domains.
         */
        email_domain: string;
    };
    query?: never;
    url: '/v1/workspaces/{workspace_id}/sso/domains/{email_domain}/verify';
};
export type VerifyWorkspaceSsoDomainErrors = {
    /**
     * Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.
     */
    400: Problem;
    /**
     * Unauthorized: missing, malformed, unknown, revoked or expired token.
     */
    401: Problem;
    /**
     * Forbidden: the token lacks the scope this operation needs.
     */
    403: Problem;
    /**
     * Not Found.
     */
    404: Problem;
    /**
     * Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt of the delivery to redeliver is in flight, the integration is revoked, or a domain's codes differ only in case (case-clash: the codes in clashes).
     */
    409: Problem;
    /**
     * Payload Too Large: the body exceeds the server's limit (1 MiB by default).
     */
    413: Problem;
    /**
     * Validation: a field has an invalid value.
     */
    422: Problem;
    /**
     * Rate Limited: over the quota, or (export) one of the account's is running, or (integrations) the month's AI generations are used; see Retry-After.
     */
    429: Problem;
    /**
     * Service Unavailable: a backing store is unreachable, or (export) every export slot is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, after Retry-After when given.
     */
    503: Problem;
};
export type VerifyWorkspaceSsoDomainError = VerifyWorkspaceSsoDomainErrors[keyof VerifyWorkspaceSsoDomainErrors];
export type VerifyWorkspaceSsoDomainResponses = {
    /**
     * Request fulfilled, document follows
     */
    200: Sso;
};
export type VerifyWorkspaceSsoDomainResponse = VerifyWorkspaceSsoDomainResponses[keyof VerifyWorkspaceSsoDomainResponses];
