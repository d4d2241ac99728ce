import type { Client, Options as Options2, TDataShape } from './client/index.js';
import type { AcceptInvitationData, AcceptInvitationErrors, AcceptInvitationResponses, CancelImportData, CancelImportErrors, CancelImportResponses, CheckDomainData, CheckDomainErrors, CheckDomainResponses, CompleteShopifyInstallData, CompleteShopifyInstallErrors, CompleteShopifyInstallResponses, CompleteTotpEnrolmentData, CompleteTotpEnrolmentErrors, CompleteTotpEnrolmentResponses, ConnectIntegrationData, ConnectIntegrationErrors, ConnectIntegrationResponses, CreateApiKeyData, CreateApiKeyErrors, CreateApiKeyResponses, CreateDomainData, CreateDomainErrors, CreateDomainResponses, CreateImportData, CreateImportErrors, CreateImportResponses, CreateInvitationData, CreateInvitationErrors, CreateInvitationResponses, CreateLinkData, CreateLinkErrors, CreateLinkResponses, CreateLinksBulkData, CreateLinksBulkErrors, CreateLinksBulkResponses, CreateQrCodeData, CreateQrCodeErrors, CreateQrCodeResponses, CreateTotpEnrolmentData, CreateTotpEnrolmentErrors, CreateTotpEnrolmentResponses, CreateWorkspaceData, CreateWorkspaceErrors, CreateWorkspaceResponses, CreateWorkspaceSsoData, CreateWorkspaceSsoErrors, CreateWorkspaceSsoResponses, DeleteBioPageData, DeleteBioPageErrors, DeleteBioPageResponses, DeleteCurrentAccountData, DeleteCurrentAccountErrors, DeleteCurrentAccountResponses, DeleteDomainData, DeleteDomainErrors, DeleteDomainResponses, DeleteIntegrationData, DeleteIntegrationErrors, DeleteIntegrationResponses, DeleteLinkData, DeleteLinkErrors, DeleteLinkResponses, DeletePasskeyData, DeletePasskeyErrors, DeletePasskeyResponses, DeleteQrCodeData, DeleteQrCodeErrors, DeleteQrCodeResponses, DeleteTotpData, DeleteTotpErrors, DeleteTotpResponses, DeleteWebhookData, DeleteWebhookErrors, DeleteWebhookResponses, DeleteWorkspaceData, DeleteWorkspaceErrors, DeleteWorkspaceMemberData, DeleteWorkspaceMemberErrors, DeleteWorkspaceMemberResponses, DeleteWorkspaceResponses, DeleteWorkspaceSsoData, DeleteWorkspaceSsoErrors, DeleteWorkspaceSsoResponses, ExportAccountData, ExportAccountErrors, ExportAccountResponses, ExportLinkClicksData, ExportLinkClicksErrors, ExportLinkClicksResponses, ExportLinksData, ExportLinksErrors, ExportLinksResponses, GenerateProductLinkData, GenerateProductLinkErrors, GenerateProductLinkResponses, GetAccountAnalyticsData, GetAccountAnalyticsErrors, GetAccountAnalyticsResponses, GetBioPageData, GetBioPageErrors, GetBioPageResponses, GetCurrentAccountData, GetCurrentAccountErrors, GetCurrentAccountResponses, GetDomainData, GetDomainErrors, GetDomainResponses, GetImportData, GetImportErrors, GetImportReportData, GetImportReportErrors, GetImportReportResponses, GetImportResponses, GetIntegrationData, GetIntegrationErrors, GetIntegrationResponses, GetLinkClicksData, GetLinkClicksErrors, GetLinkClicksResponses, GetLinkData, GetLinkErrors, GetLinkLiveClicksData, GetLinkLiveClicksErrors, GetLinkLiveClicksResponses, GetLinkResponses, GetLiveClicksData, GetLiveClicksErrors, GetLiveClicksResponses, GetOrphanVisitsData, GetOrphanVisitsErrors, GetOrphanVisitsResponses, GetPublicBioPageData, GetPublicBioPageErrors, GetPublicBioPageResponses, GetQrCodeData, GetQrCodeErrors, GetQrCodeResponses, GetQrImageData, GetQrImageErrors, GetQrImageResponses, GetShopifyInstallUrlData, GetShopifyInstallUrlErrors, GetShopifyInstallUrlResponses, GetWebhookData, GetWebhookErrors, GetWebhookResponses, GetWooCommerceInstallUrlData, GetWooCommerceInstallUrlErrors, GetWooCommerceInstallUrlResponses, GetWorkspaceData, GetWorkspaceErrors, GetWorkspaceResponses, GetWorkspaceSsoData, GetWorkspaceSsoErrors, GetWorkspaceSsoResponses, ImportLinksData, ImportLinksErrors, ImportLinksResponses, ListApiKeysData, ListApiKeysErrors, ListApiKeysResponses, ListAuditLogData, ListAuditLogErrors, ListAuditLogResponses, ListDomainsData, ListDomainsErrors, ListDomainsResponses, ListImportsData, ListImportsErrors, ListImportsResponses, ListIntegrationsData, ListIntegrationsErrors, ListIntegrationsResponses, ListInvitationsData, ListInvitationsErrors, ListInvitationsResponses, ListLinksData, ListLinksErrors, ListLinksResponses, ListPasskeysData, ListPasskeysErrors, ListPasskeysResponses, ListProductLinksData, ListProductLinksErrors, ListProductLinksResponses, ListProductsData, ListProductsErrors, ListProductsResponses, ListQrCodesData, ListQrCodesErrors, ListQrCodesResponses, ListTagsData, ListTagsErrors, ListTagsResponses, ListWebhookDeliveriesData, ListWebhookDeliveriesErrors, ListWebhookDeliveriesResponses, ListWebhooksData, ListWebhooksErrors, ListWebhooksResponses, ListWorkspaceMembersData, ListWorkspaceMembersErrors, ListWorkspaceMembersResponses, ListWorkspacesData, ListWorkspacesErrors, ListWorkspacesResponses, LogInData, LogInErrors, LogInResponses, LogInSecondFactorData, LogInSecondFactorErrors, LogInSecondFactorResponses, PutBioPageData, PutBioPageErrors, PutBioPageResponses, PutWorkspaceSsoData, PutWorkspaceSsoErrors, PutWorkspaceSsoResponses, ReceiveShopifyWebhookData, ReceiveShopifyWebhookErrors, ReceiveShopifyWebhookResponses, ReceiveWooCommerceKeysData, ReceiveWooCommerceKeysErrors, ReceiveWooCommerceKeysResponses, RedeliverWebhookDeliveryData, RedeliverWebhookDeliveryErrors, RedeliverWebhookDeliveryResponses, RefreshTokensData, RefreshTokensErrors, RefreshTokensResponses, RegisterWebhookData, RegisterWebhookErrors, RegisterWebhookResponses, RequestLinkReviewData, RequestLinkReviewErrors, RequestLinkReviewResponses, ResendInvitationData, ResendInvitationErrors, ResendInvitationResponses, ResumeWebhookData, ResumeWebhookErrors, ResumeWebhookResponses, ReturnFromWooCommerceData, ReturnFromWooCommerceErrors, ReturnFromWooCommerceResponses, RevokeApiKeyData, RevokeApiKeyErrors, RevokeApiKeyResponses, RevokeInvitationData, RevokeInvitationErrors, RevokeInvitationResponses, RotateWebhookSecretData, RotateWebhookSecretErrors, RotateWebhookSecretResponses, SendWebhookTestData, SendWebhookTestErrors, SendWebhookTestResponses, UpdateDomainData, UpdateDomainErrors, UpdateDomainResponses, UpdateLinkData, UpdateLinkErrors, UpdateLinkResponses, UpdateLinksBulkData, UpdateLinksBulkErrors, UpdateLinksBulkResponses, UpdatePasskeyData, UpdatePasskeyErrors, UpdatePasskeyResponses, UpdateQrCodeData, UpdateQrCodeErrors, UpdateQrCodeResponses, UpdateWebhookData, UpdateWebhookErrors, UpdateWebhookResponses, UpdateWorkspaceData, UpdateWorkspaceErrors, UpdateWorkspaceMemberData, UpdateWorkspaceMemberErrors, UpdateWorkspaceMemberResponses, UpdateWorkspaceResponses, UpdateWorkspaceSsoData, UpdateWorkspaceSsoErrors, UpdateWorkspaceSsoResponses, UpsertLinkData, UpsertLinkErrors, UpsertLinkResponses, VerifyDomainData, VerifyDomainErrors, VerifyDomainResponses, VerifyWorkspaceSsoDomainData, VerifyWorkspaceSsoDomainErrors, VerifyWorkspaceSsoDomainResponses } from './types.gen.js';
export type Options<TData extends TDataShape = TDataShape, ThrowOnError extends boolean = boolean> = Options2<TData, ThrowOnError> & {
    /**
     * You can provide a client instance returned by `createClient()` instead of
     * individual options. This might be also useful if you want to implement a
     * custom client.
     */
    client?: Client;
    /**
     * You can pass arbitrary values through the `meta` object. This can be
     * used to access values that aren't defined as part of the SDK function.
     */
    meta?: Record<string, unknown>;
};
/**
 * Get the account's clicks
 *
 * Clicks of all your links in [from, to): totals, a series by hour, day or week,
 * the `top` most clicked links and the breakdown (docs/analytics.md#account).
 * Archived links are left out unless `includeArchived=true`.
 */
export declare const getAccountAnalytics: <ThrowOnError extends boolean = true>(options?: Options<GetAccountAnalyticsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetAccountAnalyticsResponses, GetAccountAnalyticsErrors, ThrowOnError, "fields">;
/**
 * Stream the workspace's clicks as they happen
 *
 * Every click on the workspace's links within about a second of its redirect, as
 * Server-Sent Events (`curl -N`). A workspace has a few streams open at most (429
 * past them).
 */
export declare const getLiveClicks: <ThrowOnError extends boolean = true>(options?: Options<GetLiveClicksData, ThrowOnError>) => Promise<import("./core/serverSentEvents.gen.js").ServerSentEventsResult<GetLiveClicksResponses, GetLiveClicksErrors>>;
/**
 * Get a domain's orphan visits
 *
 * Visits that found no link on a domain in [from, to) (whole UTC days, the last
 * 30 by default): unknown codes and paths, the bare host, expired and deleted links;
 * totals by type with bots apart, a daily series, the top paths and referrer hosts
 * (docs/analytics.md#orphans).
 */
export declare const getOrphanVisits: <ThrowOnError extends boolean = true>(options?: Options<GetOrphanVisitsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetOrphanVisitsResponses, GetOrphanVisitsErrors, ThrowOnError, "fields">;
/**
 * List API keys
 *
 * The account's API keys, newest first, revoked ones included; never a secret.
 * A sandbox credential sees sandbox keys only.
 */
export declare const listApiKeys: <ThrowOnError extends boolean = true>(options?: Options<ListApiKeysData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListApiKeysResponses, ListApiKeysErrors, ThrowOnError, "fields">;
/**
 * Create an API key
 *
 * Create an API key. The secret (`key`) is in this answer only: store it now.
 * A key holds only scopes the calling credential holds; a sandbox credential
 * creates sandbox keys only.
 */
export declare const createApiKey: <ThrowOnError extends boolean = true>(options: Options<CreateApiKeyData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateApiKeyResponses, CreateApiKeyErrors, ThrowOnError, "fields">;
/**
 * Revoke an API key
 *
 * Revoke a key: every admin process refuses it from the next request on.
 */
export declare const revokeApiKey: <ThrowOnError extends boolean = true>(options: Options<RevokeApiKeyData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RevokeApiKeyResponses, RevokeApiKeyErrors, ThrowOnError, "fields">;
/**
 * Log in with e-mail and password
 *
 * Exchange e-mail and password for an access token and a refresh token.
 *
 * Failed attempts lock the e-mail address out for a while (429, growing with
 * each further failure), and attempts per client network are limited. An account
 * whose e-mail address is not confirmed yet is refused with 403
 * `address-unconfirmed` (only when the password is right). The token acts in
 * `workspaceId` (default: your personal workspace; 403 when you are not a member).
 */
export declare const logIn: <ThrowOnError extends boolean = true>(options: Options<LogInData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<LogInResponses, LogInErrors, ThrowOnError, "fields">;
/**
 * Finish a sign-in with a two-factor code
 *
 * The second step of `POST /v1/auth/login` for an account with two-factor codes
 * on: the `mfaToken` its 401 gave (5 minutes, single use) and a code from the app
 * (accepted once, one 30-second step either side of now) or a recovery code (single
 * use). A wrong, replayed or expired code or token is 401; wrong codes are throttled
 * per account like passwords (429 with Retry-After). The tokens act in the workspace
 * the login asked for.
 */
export declare const logInSecondFactor: <ThrowOnError extends boolean = true>(options: Options<LogInSecondFactorData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<LogInSecondFactorResponses, LogInSecondFactorErrors, ThrowOnError, "fields">;
/**
 * Refresh an access token
 *
 * Spend a refresh token for a new pair; reusing a spent one revokes its family.
 * A password change, a reset or the address's confirmation revokes every refresh
 * token of the account, and makes access tokens issued before it 401.
 */
export declare const refreshTokens: <ThrowOnError extends boolean = true>(options: Options<RefreshTokensData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RefreshTokensResponses, RefreshTokensErrors, ThrowOnError, "fields">;
/**
 * Delete your Bio page
 *
 * Delete your Bio page; its address answers 410 Gone from then on, and the username
 * stays reserved for you (HOP_CODE_RESERVATION_DAYS).
 */
export declare const deleteBioPage: <ThrowOnError extends boolean = true>(options?: Options<DeleteBioPageData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteBioPageResponses, DeleteBioPageErrors, ThrowOnError, "fields">;
/**
 * Get your Bio page
 *
 * Your Bio page, with the tracked link behind each button.
 */
export declare const getBioPage: <ThrowOnError extends boolean = true>(options?: Options<GetBioPageData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetBioPageResponses, GetBioPageErrors, ThrowOnError, "fields">;
/**
 * Create or replace your Bio page
 *
 * Create (201) or replace (200) your Bio page; served at <short_base_url>/@<username>
 * (a sandbox key's at <short_base_url>/test/@<username>).
 */
export declare const putBioPage: <ThrowOnError extends boolean = true>(options: Options<PutBioPageData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<PutBioPageResponses, PutBioPageErrors, ThrowOnError, "fields">;
/**
 * Get a public Bio page
 *
 * Public data of a live page by username; no Authorization needed. Counts as a
 * visit.
 */
export declare const getPublicBioPage: <ThrowOnError extends boolean = true>(options: Options<GetPublicBioPageData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetPublicBioPageResponses, GetPublicBioPageErrors, ThrowOnError, "fields">;
/**
 * List custom domains
 *
 * Your domains, oldest first.
 */
export declare const listDomains: <ThrowOnError extends boolean = true>(options?: Options<ListDomainsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListDomainsResponses, ListDomainsErrors, ThrowOnError, "fields">;
/**
 * Add a custom domain
 *
 * Add a domain of yours; publish the TXT record it names, then verify it.
 */
export declare const createDomain: <ThrowOnError extends boolean = true>(options: Options<CreateDomainData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateDomainResponses, CreateDomainErrors, ThrowOnError, "fields">;
/**
 * Check that a domain is verified
 *
 * Public, for a TLS proxy's on-demand certificates (Caddy's `ask`): 200 for a
 * domain the edges serve, 404 for any other name. Answered from the set the edges
 * route by, and limited by no rate limit (docs/operations.md#custom-domains).
 */
export declare const checkDomain: <ThrowOnError extends boolean = true>(options: Options<CheckDomainData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CheckDomainResponses, CheckDomainErrors, ThrowOnError, "fields">;
/**
 * Remove a custom domain
 *
 * Remove a domain; another account may then prove and take it.
 */
export declare const deleteDomain: <ThrowOnError extends boolean = true>(options: Options<DeleteDomainData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteDomainResponses, DeleteDomainErrors, ThrowOnError, "fields">;
/**
 * Get a custom domain
 *
 * One domain.
 */
export declare const getDomain: <ThrowOnError extends boolean = true>(options: Options<GetDomainData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetDomainResponses, GetDomainErrors, ThrowOnError, "fields">;
/**
 * Update a custom domain
 *
 * Set where the edge redirects unknown codes on the domain (`notFoundUrl`; null:
 * the 404 page; such visits are still counted as orphan visits), and whether its
 * codes are case-sensitive (`caseSensitive`; false while two codes differ only in
 * case: 409 case-clash, naming them in `clashes`). Fields left out stay as they are.
 */
export declare const updateDomain: <ThrowOnError extends boolean = true>(options: Options<UpdateDomainData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateDomainResponses, UpdateDomainErrors, ThrowOnError, "fields">;
/**
 * Verify a domain's TXT record
 *
 * Look up the TXT record now: 200 with the domain verified, 422 while the record
 * is not there (DNS may take a while to show it), 409 if another account verified
 * the name first, 503 if DNS does not answer.
 */
export declare const verifyDomain: <ThrowOnError extends boolean = true>(options: Options<VerifyDomainData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<VerifyDomainResponses, VerifyDomainErrors, ThrowOnError, "fields">;
/**
 * List imports
 *
 * Imports, newest first; follow `nextCursor` for the next page.
 */
export declare const listImports: <ThrowOnError extends boolean = true>(options?: Options<ListImportsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListImportsResponses, ListImportsErrors, ThrowOnError, "fields">;
/**
 * Import links from another shortener
 *
 * Start a job that brings every link of a Bitly, Rebrandly, Short.io, Shlink,
 * YOURLS or Kutt account, or of a CSV file, keeping their codes where it can;
 * watch it with GET /v1/imports/:id.
 */
export declare const createImport: <ThrowOnError extends boolean = true>(options: Options<CreateImportData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateImportResponses, CreateImportErrors, ThrowOnError, "fields">;
/**
 * Cancel an import
 *
 * Stop a job that has not ended, at its next page; links already written stay
 * (the same import started again goes on without duplicates).
 */
export declare const cancelImport: <ThrowOnError extends boolean = true>(options: Options<CancelImportData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CancelImportResponses, CancelImportErrors, ThrowOnError, "fields">;
/**
 * Get an import
 *
 * The job: its status, its counts and why links failed or changed code.
 */
export declare const getImport: <ThrowOnError extends boolean = true>(options: Options<GetImportData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetImportResponses, GetImportErrors, ThrowOnError, "fields">;
/**
 * Download an import's report
 *
 * Every link that failed or came over under a new code, and why, as CSV:
 * `kind,sourceId,code,newCode,reason`.
 */
export declare const getImportReport: <ThrowOnError extends boolean = true>(options: Options<GetImportReportData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetImportReportResponses, GetImportReportErrors, ThrowOnError, "fields">;
/**
 * List connected stores
 *
 * Connected stores (active ones unless `status` says otherwise), newest first.
 */
export declare const listIntegrations: <ThrowOnError extends boolean = true>(options?: Options<ListIntegrationsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListIntegrationsResponses, ListIntegrationsErrors, ThrowOnError, "fields">;
/**
 * Connect a store
 *
 * Connect a store with a pasted credential, checked by one call to the store first.
 */
export declare const connectIntegration: <ThrowOnError extends boolean = true>(options: Options<ConnectIntegrationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ConnectIntegrationResponses, ConnectIntegrationErrors, ThrowOnError, "fields">;
/**
 * Shopify's OAuth redirect
 *
 * Shopify's OAuth redirect, in the browser that started the install (its install
 * cookie): verified, then the code exchanged for a token.
 */
export declare const completeShopifyInstall: <ThrowOnError extends boolean = true>(options?: Options<CompleteShopifyInstallData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CompleteShopifyInstallResponses, CompleteShopifyInstallErrors, ThrowOnError, "fields">;
/**
 * Start a Shopify installation
 *
 * The Shopify authorize URL for the store owner (state valid 10 minutes). The answer
 * sets an install cookie: the install completes only in the browser holding it.
 */
export declare const getShopifyInstallUrl: <ThrowOnError extends boolean = true>(options: Options<GetShopifyInstallUrlData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetShopifyInstallUrlResponses, GetShopifyInstallUrlErrors, ThrowOnError, "fields">;
/**
 * Receive a Shopify webhook
 *
 * Shopify webhooks (HMAC-verified); `app/uninstalled` revokes the integrations of the
 * shop its signed body names, once per `X-Shopify-Webhook-Id`.
 */
export declare const receiveShopifyWebhook: <ThrowOnError extends boolean = true>(options?: Options<ReceiveShopifyWebhookData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ReceiveShopifyWebhookResponses, ReceiveShopifyWebhookErrors, ThrowOnError, "fields">;
/**
 * Receive WooCommerce API keys
 *
 * WooCommerce's server delivers the API keys the store owner approved: checked, and
 * kept until the owner's browser returns.
 */
export declare const receiveWooCommerceKeys: <ThrowOnError extends boolean = true>(options: Options<ReceiveWooCommerceKeysData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ReceiveWooCommerceKeysResponses, ReceiveWooCommerceKeysErrors, ThrowOnError, "fields">;
/**
 * Start a WooCommerce connection
 *
 * The WooCommerce authorize URL for the store owner (state valid 10 minutes). The
 * answer sets an install cookie: the install completes only in the browser holding
 * it.
 */
export declare const getWooCommerceInstallUrl: <ThrowOnError extends boolean = true>(options: Options<GetWooCommerceInstallUrlData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetWooCommerceInstallUrlResponses, GetWooCommerceInstallUrlErrors, ThrowOnError, "fields">;
/**
 * Return from WooCommerce
 *
 * Where WooCommerce sends the store owner back: in the browser that started the
 * install (its install cookie), the delivered keys become the integration.
 */
export declare const returnFromWooCommerce: <ThrowOnError extends boolean = true>(options?: Options<ReturnFromWooCommerceData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ReturnFromWooCommerceResponses, ReturnFromWooCommerceErrors, ThrowOnError, "fields">;
/**
 * Disconnect a store
 *
 * Delete the integration, its credential, cached products and generated copy; its
 * short links stay unless `deleteLinks=true`.
 */
export declare const deleteIntegration: <ThrowOnError extends boolean = true>(options: Options<DeleteIntegrationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteIntegrationResponses, DeleteIntegrationErrors, ThrowOnError, "fields">;
/**
 * Get an integration
 *
 * One integration (never its credential).
 */
export declare const getIntegration: <ThrowOnError extends boolean = true>(options: Options<GetIntegrationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetIntegrationResponses, GetIntegrationErrors, ThrowOnError, "fields">;
/**
 * List generated product links
 *
 * Generated product links with their copy and click counts, newest first.
 */
export declare const listProductLinks: <ThrowOnError extends boolean = true>(options: Options<ListProductLinksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListProductLinksResponses, ListProductLinksErrors, ThrowOnError, "fields">;
/**
 * List a store's products
 *
 * The store's published products, read from the store; `q` is passed to its search.
 */
export declare const listProducts: <ThrowOnError extends boolean = true>(options: Options<ListProductsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListProductsResponses, ListProductsErrors, ThrowOnError, "fields">;
/**
 * Generate a product link with copy
 *
 * A short link to the product with UTM parameters and copy per channel (201; 200 when
 * the product link existed and its copy was written again).
 */
export declare const generateProductLink: <ThrowOnError extends boolean = true>(options: Options<GenerateProductLinkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GenerateProductLinkResponses, GenerateProductLinkErrors, ThrowOnError, "fields">;
/**
 * Accept an invitation
 *
 * Join the workspace the invitation names, with its role: signed in as the
 * person invited (an access token, not an API key: 403), whose confirmed address is
 * the invited one (403). Used, revoked or expired: 410; already a member: 409.
 */
export declare const acceptInvitation: <ThrowOnError extends boolean = true>(options: Options<AcceptInvitationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<AcceptInvitationResponses, AcceptInvitationErrors, ThrowOnError, "fields">;
/**
 * List links
 *
 * Your links in `sort` order, `limit` per page, filtered (every filter given must
 * hold; archived links only when `archived` asks); follow `nextCursor` for the next
 * page, with the same filters and sort.
 */
export declare const listLinks: <ThrowOnError extends boolean = true>(options?: Options<ListLinksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListLinksResponses, ListLinksErrors, ThrowOnError, "fields">;
/**
 * Create a short link
 *
 * Create a short link (a sandbox key's under <short_base_url>/test/). Send
 * `Idempotency-Key` to make retries safe.
 */
export declare const createLink: <ThrowOnError extends boolean = true>(options: Options<CreateLinkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateLinkResponses, CreateLinkErrors, ThrowOnError, "fields">;
/**
 * Create links in bulk
 *
 * Create up to 1,000 links: each item is a POST /v1/links body and gets its own
 * result (201 with the link, or the problem a single create would answer), in
 * request order. Send `Idempotency-Key` to make retries safe.
 */
export declare const createLinksBulk: <ThrowOnError extends boolean = true>(options: Options<CreateLinksBulkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateLinksBulkResponses, CreateLinksBulkErrors, ThrowOnError, "fields">;
/**
 * Tag, archive or delete links in bulk
 *
 * Add tags to, remove tags from, archive, unarchive or delete every link a filter
 * matches (archived ones too unless `filter.archived` says); answers how many
 * matched and how many changed.
 */
export declare const updateLinksBulk: <ThrowOnError extends boolean = true>(options: Options<UpdateLinksBulkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateLinksBulkResponses, UpdateLinksBulkErrors, ThrowOnError, "fields">;
/**
 * Export links as CSV
 *
 * Every link the filters match (those of GET /v1/links), newest first, as CSV,
 * streamed.
 */
export declare const exportLinks: <ThrowOnError extends boolean = true>(options?: Options<ExportLinksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ExportLinksResponses, ExportLinksErrors, ThrowOnError, "fields">;
/**
 * Import links from CSV
 *
 * Create links from a CSV file (`Content-Type: text/csv`, UTF-8): a header row
 * naming the columns (`longUrl` required; `alias`, `tags` separated by `|`,
 * `expiresAt`, `redirectType`, `forwardQuery`, `domain`, `externalId`, `archived`;
 * others ignored), then up to 1,000 rows. Answers as POST /v1/links/bulk, `index`
 * counting data rows from 0.
 */
export declare const importLinks: <ThrowOnError extends boolean = true>(options: Options<ImportLinksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ImportLinksResponses, ImportLinksErrors, ThrowOnError, "fields">;
/**
 * Create or update a link
 *
 * The body of POST /v1/links. Updates (200) your link with the same `externalId`;
 * without one and without `alias`, your link to the same `longUrl` on the same
 * domain; else creates one (201, with Location). An update makes the link what the
 * body says (a field left out: its create default), but keeps its alias, domain,
 * password, externalId and archived state unless given. Two upserts of the same
 * link at once make one. Send `Idempotency-Key` to make retries safe.
 */
export declare const upsertLink: <ThrowOnError extends boolean = true>(options: Options<UpsertLinkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpsertLinkResponses, UpsertLinkErrors, ThrowOnError, "fields">;
/**
 * Delete a link
 *
 * Delete a link; its short URL answers 410 Gone from then on, and its code stays
 * reserved for you (HOP_CODE_RESERVATION_DAYS) before anyone else may take it. With
 * `purgeClicks=true` nothing of its visits is kept.
 */
export declare const deleteLink: <ThrowOnError extends boolean = true>(options: Options<DeleteLinkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteLinkResponses, DeleteLinkErrors, ThrowOnError, "fields">;
/**
 * Get a link
 *
 * One link.
 */
export declare const getLink: <ThrowOnError extends boolean = true>(options: Options<GetLinkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetLinkResponses, GetLinkErrors, ThrowOnError, "fields">;
/**
 * Update a link
 *
 * Change the destination, alias, tags, expiry or redirect behaviour. A previous
 * alias answers 410 Gone and stays reserved for you (HOP_CODE_RESERVATION_DAYS).
 */
export declare const updateLink: <ThrowOnError extends boolean = true>(options: Options<UpdateLinkData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateLinkResponses, UpdateLinkErrors, ThrowOnError, "fields">;
/**
 * Get a link's clicks
 *
 * Totals, breakdown and click history (newest first) of one link in [from, to).
 */
export declare const getLinkClicks: <ThrowOnError extends boolean = true>(options: Options<GetLinkClicksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetLinkClicksResponses, GetLinkClicksErrors, ThrowOnError, "fields">;
/**
 * Export a link's raw clicks
 *
 * Every click of the link in [from, to), oldest first, one row (CSV) or line
 * (NDJSON) each, streamed: the columns are in docs/analytics.md#raw-clicks-out.
 *
 * One click export per account runs at a time (429 with Retry-After otherwise), and
 * a server runs only a few exports at once (503 with Retry-After).
 */
export declare const exportLinkClicks: <ThrowOnError extends boolean = true>(options: Options<ExportLinkClicksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ExportLinkClicksResponses, ExportLinkClicksErrors, ThrowOnError, "fields">;
/**
 * Stream a link's clicks as they happen
 *
 * The clicks of one link within about a second of their redirect, as Server-Sent
 * Events; they count against the workspace's open live streams.
 */
export declare const getLinkLiveClicks: <ThrowOnError extends boolean = true>(options: Options<GetLinkLiveClicksData, ThrowOnError>) => Promise<import("./core/serverSentEvents.gen.js").ServerSentEventsResult<GetLinkLiveClicksResponses, GetLinkLiveClicksErrors>>;
/**
 * Ask for a review of a flagged link
 *
 * Ask for a review of a flagged or blocked link (202; 409 when it is not
 * flagged). Optional body: `{"message": "…"}` (at most 1,000 characters) for the
 * operator. The link stays as it is until an operator decides.
 */
export declare const requestLinkReview: <ThrowOnError extends boolean = true>(options: Options<RequestLinkReviewData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RequestLinkReviewResponses, RequestLinkReviewErrors, ThrowOnError, "fields">;
/**
 * List QR codes
 *
 * QR codes, newest first; follow `nextCursor` for the next page.
 */
export declare const listQrCodes: <ThrowOnError extends boolean = true>(options?: Options<ListQrCodesData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListQrCodesResponses, ListQrCodesErrors, ThrowOnError, "fields">;
/**
 * Create a QR code
 *
 * Create a QR code of one of 17 types. URL-like types are dynamic (tracked) by default.
 */
export declare const createQrCode: <ThrowOnError extends boolean = true>(options: Options<CreateQrCodeData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateQrCodeResponses, CreateQrCodeErrors, ThrowOnError, "fields">;
/**
 * Delete a QR code
 *
 * Delete a QR code; a dynamic code's short link answers 410 Gone from then on.
 */
export declare const deleteQrCode: <ThrowOnError extends boolean = true>(options: Options<DeleteQrCodeData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteQrCodeResponses, DeleteQrCodeErrors, ThrowOnError, "fields">;
/**
 * Get a QR code
 *
 * One QR code.
 */
export declare const getQrCode: <ThrowOnError extends boolean = true>(options: Options<GetQrCodeData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetQrCodeResponses, GetQrCodeErrors, ThrowOnError, "fields">;
/**
 * Update a QR code
 *
 * Change the title, the style (replaced whole), or a dynamic code's destination (the
 * encoded short URL stays the same).
 */
export declare const updateQrCode: <ThrowOnError extends boolean = true>(options: Options<UpdateQrCodeData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateQrCodeResponses, UpdateQrCodeErrors, ThrowOnError, "fields">;
/**
 * Render a QR code as an image
 *
 * The code as an image drawn with its saved style. Cacheable: answers 304 to a
 * current If-None-Match.
 */
export declare const getQrImage: <ThrowOnError extends boolean = true>(options: Options<GetQrImageData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetQrImageResponses, GetQrImageErrors, ThrowOnError, "fields">;
/**
 * List tags
 *
 * The tags on your links with how many links carry each, most used first.
 */
export declare const listTags: <ThrowOnError extends boolean = true>(options?: Options<ListTagsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListTagsResponses, ListTagsErrors, ThrowOnError, "fields">;
/**
 * Leave Hop: delete the calling account
 *
 * Delete the person (a dashboard session or an access token; not an API key),
 * given their password (checked with the sign-in limits; wrong: 401): their
 * personal workspace and everything it owns, their memberships. 409 names the
 * workspaces they alone own: make another member owner, or delete them, first.
 * The keys they made in other workspaces keep working there, capped at the role
 * they held.
 */
export declare const deleteCurrentAccount: <ThrowOnError extends boolean = true>(options: Options<DeleteCurrentAccountData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteCurrentAccountResponses, DeleteCurrentAccountErrors, ThrowOnError, "fields">;
/**
 * Get the calling account
 *
 * The calling account: plan, the rate limits in force and whether the e-mail
 * address is verified (until it is, every credential is read-only).
 */
export declare const getCurrentAccount: <ThrowOnError extends boolean = true>(options?: Options<GetCurrentAccountData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetCurrentAccountResponses, GetCurrentAccountErrors, ThrowOnError, "fields">;
/**
 * Export all of your data
 *
 * All of your data (profile, keys, links, clicks, QR codes, Bio page) as JSON.
 *
 * One export per account runs at a time (429 with Retry-After otherwise), and a
 * server runs only a few at once (503 with Retry-After).
 */
export declare const exportAccount: <ThrowOnError extends boolean = true>(options?: Options<ExportAccountData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ExportAccountResponses, ExportAccountErrors, ThrowOnError, "fields">;
/**
 * Turn two-factor codes off
 *
 * Turn two-factor codes off given the password (checked like a sign-in) and a code
 * (or a recovery code); a wrong one is 401, and wrong codes are throttled like
 * passwords (429). An account without a password (signed in through a provider)
 * gives a code alone. The recovery codes go too.
 */
export declare const deleteTotp: <ThrowOnError extends boolean = true>(options: Options<DeleteTotpData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteTotpResponses, DeleteTotpErrors, ThrowOnError, "fields">;
/**
 * Start enrolling two-factor codes (TOTP)
 *
 * A new TOTP secret and its `otpauth://` URI for an authenticator app (RFC 6238,
 * SHA-1, 6 digits, 30 seconds). Nothing changes at sign-in until the enrolment is
 * confirmed with a code; starting again before that replaces the secret. 409 when
 * two-factor codes are on already. The person only: an API key gets 403.
 */
export declare const createTotpEnrolment: <ThrowOnError extends boolean = true>(options?: Options<CreateTotpEnrolmentData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateTotpEnrolmentResponses, CreateTotpEnrolmentErrors, ThrowOnError, "fields">;
/**
 * Confirm two-factor codes with a first code
 *
 * Turn two-factor codes on with a right code from the app (422 otherwise). The
 * answer holds ten recovery codes, each usable once instead of a code: they are shown
 * this once and stored hashed. An e-mail tells the person; every workspace they
 * belong to records `mfa.enabled`.
 */
export declare const completeTotpEnrolment: <ThrowOnError extends boolean = true>(options: Options<CompleteTotpEnrolmentData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CompleteTotpEnrolmentResponses, CompleteTotpEnrolmentErrors, ThrowOnError, "fields">;
/**
 * List the calling person's passkeys
 *
 * The person's passkeys, oldest first: name, transports, when added and last
 * used. A dashboard session or an access token; an API key is refused (403).
 */
export declare const listPasskeys: <ThrowOnError extends boolean = true>(options?: Options<ListPasskeysData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListPasskeysResponses, ListPasskeysErrors, ThrowOnError, "fields">;
/**
 * Remove a passkey
 *
 * Remove one of the person's passkeys: it signs in no more. Recorded in the
 * audit log of each of the person's workspaces, and e-mailed to them.
 */
export declare const deletePasskey: <ThrowOnError extends boolean = true>(options: Options<DeletePasskeyData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeletePasskeyResponses, DeletePasskeyErrors, ThrowOnError, "fields">;
/**
 * Rename a passkey
 *
 * Give one of the person's passkeys a new name.
 */
export declare const updatePasskey: <ThrowOnError extends boolean = true>(options: Options<UpdatePasskeyData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdatePasskeyResponses, UpdatePasskeyErrors, ThrowOnError, "fields">;
/**
 * List webhooks
 *
 * Webhooks, newest first; follow `nextCursor` for the next page.
 */
export declare const listWebhooks: <ThrowOnError extends boolean = true>(options?: Options<ListWebhooksData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListWebhooksResponses, ListWebhooksErrors, ThrowOnError, "fields">;
/**
 * Register a webhook
 *
 * Register an endpoint. The signing secret is in this answer only.
 */
export declare const registerWebhook: <ThrowOnError extends boolean = true>(options: Options<RegisterWebhookData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RegisterWebhookResponses, RegisterWebhookErrors, ThrowOnError, "fields">;
/**
 * Delete a webhook
 *
 * Delete a webhook; nothing more is sent to it.
 */
export declare const deleteWebhook: <ThrowOnError extends boolean = true>(options: Options<DeleteWebhookData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteWebhookResponses, DeleteWebhookErrors, ThrowOnError, "fields">;
/**
 * Get a webhook
 *
 * One webhook (never its secret).
 */
export declare const getWebhook: <ThrowOnError extends boolean = true>(options: Options<GetWebhookData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetWebhookResponses, GetWebhookErrors, ThrowOnError, "fields">;
/**
 * Update a webhook
 *
 * Change the endpoint or the event types.
 */
export declare const updateWebhook: <ThrowOnError extends boolean = true>(options: Options<UpdateWebhookData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateWebhookResponses, UpdateWebhookErrors, ThrowOnError, "fields">;
/**
 * List delivery attempts
 *
 * The attempt log, newest first: status, duration, the first 2 KB of the answer.
 */
export declare const listWebhookDeliveries: <ThrowOnError extends boolean = true>(options: Options<ListWebhookDeliveriesData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListWebhookDeliveriesResponses, ListWebhookDeliveriesErrors, ThrowOnError, "fields">;
/**
 * Redeliver an event
 *
 * Send a delivery once more, now (after a resume if the webhook is paused).
 */
export declare const redeliverWebhookDelivery: <ThrowOnError extends boolean = true>(options: Options<RedeliverWebhookDeliveryData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RedeliverWebhookDeliveryResponses, RedeliverWebhookDeliveryErrors, ThrowOnError, "fields">;
/**
 * Resume a paused webhook
 *
 * Resume a paused webhook: its queued events go out now, in order.
 */
export declare const resumeWebhook: <ThrowOnError extends boolean = true>(options: Options<ResumeWebhookData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ResumeWebhookResponses, ResumeWebhookErrors, ThrowOnError, "fields">;
/**
 * Rotate a webhook's signing secret
 *
 * A new signing secret; the old one keeps signing (a second `v1=`) for 24 hours.
 */
export declare const rotateWebhookSecret: <ThrowOnError extends boolean = true>(options: Options<RotateWebhookSecretData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RotateWebhookSecretResponses, RotateWebhookSecretErrors, ThrowOnError, "fields">;
/**
 * Send a test event
 *
 * Queue a signed `webhook.test` event for this webhook alone.
 */
export declare const sendWebhookTest: <ThrowOnError extends boolean = true>(options: Options<SendWebhookTestData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<SendWebhookTestResponses, SendWebhookTestErrors, ThrowOnError, "fields">;
/**
 * List your workspaces
 *
 * The caller's workspaces with their role in each, the personal one first; with
 * an API key, the key's own workspace only.
 */
export declare const listWorkspaces: <ThrowOnError extends boolean = true>(options?: Options<ListWorkspacesData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListWorkspacesResponses, ListWorkspacesErrors, ThrowOnError, "fields">;
/**
 * Create a workspace
 *
 * A new workspace on the free plan; the caller (a person signed in, not an API
 * key) is its owner. The slug is made from the name when absent.
 */
export declare const createWorkspace: <ThrowOnError extends boolean = true>(options: Options<CreateWorkspaceData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateWorkspaceResponses, CreateWorkspaceErrors, ThrowOnError, "fields">;
/**
 * Delete a workspace and everything it owns
 *
 * Owner only, with `{"confirm": "<slug>"}`: deletes its links (they stop
 * redirecting at once), QR codes, Bio page, webhooks, domains, stores, keys and
 * analytics. A personal workspace goes only with its account (409).
 */
export declare const deleteWorkspace: <ThrowOnError extends boolean = true>(options: Options<DeleteWorkspaceData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteWorkspaceResponses, DeleteWorkspaceErrors, ThrowOnError, "fields">;
/**
 * Get a workspace
 *
 * One of the caller's workspaces, with the caller's role in it.
 */
export declare const getWorkspace: <ThrowOnError extends boolean = true>(options: Options<GetWorkspaceData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetWorkspaceResponses, GetWorkspaceErrors, ThrowOnError, "fields">;
/**
 * Rename a workspace
 *
 * Change the name or the slug (role `admin` or higher), or require two-factor
 * sign-in of every member with `requireMfa` (role `owner`): a member without TOTP or
 * a passkey then gets 403 `mfa-required` (naming the workspace) from every request
 * with an access token acting in it but enrolment, and the dashboard sends them to
 * enrol first. API keys are not held to it.
 */
export declare const updateWorkspace: <ThrowOnError extends boolean = true>(options: Options<UpdateWorkspaceData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateWorkspaceResponses, UpdateWorkspaceErrors, ThrowOnError, "fields">;
/**
 * List a workspace's audit log
 *
 * What was done in the workspace, newest first: by whom (a person, an API key),
 * on what, from where. Admins and owners; follow `nextCursor` for the next page.
 * Entries are kept `HOP_AUDIT_RETENTION` days.
 */
export declare const listAuditLog: <ThrowOnError extends boolean = true>(options: Options<ListAuditLogData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListAuditLogResponses, ListAuditLogErrors, ThrowOnError, "fields">;
/**
 * List pending invitations
 *
 * The invitations neither accepted, revoked nor expired, newest first.
 */
export declare const listInvitations: <ThrowOnError extends boolean = true>(options: Options<ListInvitationsData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListInvitationsResponses, ListInvitationsErrors, ThrowOnError, "fields">;
/**
 * Invite someone to a workspace
 *
 * E-mail `email` a link that makes them a member with `role` (admins and owners;
 * only an owner invites an owner). The link works once, for seven days, for the
 * person whose confirmed address is `email`.
 */
export declare const createInvitation: <ThrowOnError extends boolean = true>(options: Options<CreateInvitationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateInvitationResponses, CreateInvitationErrors, ThrowOnError, "fields">;
/**
 * Revoke an invitation
 *
 * Its link stops working at once (410).
 */
export declare const revokeInvitation: <ThrowOnError extends boolean = true>(options: Options<RevokeInvitationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<RevokeInvitationResponses, RevokeInvitationErrors, ThrowOnError, "fields">;
/**
 * Send an invitation again
 *
 * A new e-mail with a new link, valid seven days from now; the earlier link
 * stops working.
 */
export declare const resendInvitation: <ThrowOnError extends boolean = true>(options: Options<ResendInvitationData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ResendInvitationResponses, ResendInvitationErrors, ThrowOnError, "fields">;
/**
 * List a workspace's members
 *
 * Every member with their role, in the order they joined.
 */
export declare const listWorkspaceMembers: <ThrowOnError extends boolean = true>(options: Options<ListWorkspaceMembersData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<ListWorkspaceMembersResponses, ListWorkspaceMembersErrors, ThrowOnError, "fields">;
/**
 * Remove a member, or leave
 *
 * Role `admin` or higher (an owner only by an owner), or the member themself
 * (leaving). Removing the last owner is 409. Refused from the member's next
 * request on, whatever the credential.
 */
export declare const deleteWorkspaceMember: <ThrowOnError extends boolean = true>(options: Options<DeleteWorkspaceMemberData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteWorkspaceMemberResponses, DeleteWorkspaceMemberErrors, ThrowOnError, "fields">;
/**
 * Change a member's role
 *
 * Role `admin` or higher; only an owner grants or takes the `owner` role. Taking
 * it from the last owner is 409. In force from the member's next request.
 */
export declare const updateWorkspaceMember: <ThrowOnError extends boolean = true>(options: Options<UpdateWorkspaceMemberData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateWorkspaceMemberResponses, UpdateWorkspaceMemberErrors, ThrowOnError, "fields">;
/**
 * Remove the workspace's single sign-on
 *
 * Role `admin` or higher: the connection and its domains go; password sign-in
 * is open again to their people.
 */
export declare const deleteWorkspaceSso: <ThrowOnError extends boolean = true>(options: Options<DeleteWorkspaceSsoData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<DeleteWorkspaceSsoResponses, DeleteWorkspaceSsoErrors, ThrowOnError, "fields">;
/**
 * Get the workspace's single sign-on
 *
 * Role `admin` or higher: the connection and its domains (never the secret).
 */
export declare const getWorkspaceSso: <ThrowOnError extends boolean = true>(options: Options<GetWorkspaceSsoData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<GetWorkspaceSsoResponses, GetWorkspaceSsoErrors, ThrowOnError, "fields">;
/**
 * Change require-SSO, the default role, or add domains
 *
 * Role `admin` or higher.
 */
export declare const updateWorkspaceSso: <ThrowOnError extends boolean = true>(options: Options<UpdateWorkspaceSsoData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<UpdateWorkspaceSsoResponses, UpdateWorkspaceSsoErrors, ThrowOnError, "fields">;
/**
 * Connect the workspace's identity provider
 *
 * Role `admin` or higher. The issuer's discovery document is fetched now (422
 * when it fails); the client secret is sealed and never returned. Publish each
 * domain's TXT record, then verify it: only verified domains sign in. 409 when the
 * workspace has a connection already.
 */
export declare const createWorkspaceSso: <ThrowOnError extends boolean = true>(options: Options<CreateWorkspaceSsoData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<CreateWorkspaceSsoResponses, CreateWorkspaceSsoErrors, ThrowOnError, "fields">;
/**
 * Replace the workspace's identity provider connection
 *
 * As POST, replacing any connection (201 when there was none). Domains still
 * listed keep their proof; the others go.
 */
export declare const putWorkspaceSso: <ThrowOnError extends boolean = true>(options: Options<PutWorkspaceSsoData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<PutWorkspaceSsoResponses, PutWorkspaceSsoErrors, ThrowOnError, "fields">;
/**
 * Verify an SSO domain's TXT record
 *
 * Look up the TXT record now: 200 with the domain verified, 422 while the record
 * is not there, 409 if another workspace proved the domain first, 503 if DNS does
 * not answer.
 */
export declare const verifyWorkspaceSsoDomain: <ThrowOnError extends boolean = true>(options: Options<VerifyWorkspaceSsoDomainData, ThrowOnError>) => import("./client/types.gen.js").RequestResult<VerifyWorkspaceSsoDomainResponses, VerifyWorkspaceSsoDomainErrors, ThrowOnError, "fields">;
