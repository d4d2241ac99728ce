-- Each query yields one JSON text per row, built by PostgreSQL, so the admin only
-- streams bytes. Timestamps: ISO 8601 UTC with milliseconds. Scoped to the
-- caller's account and, for data, to the caller's environment (live or sandbox).

-- name: profile
SELECT json_build_object(
    'id', id, 'email', workspace_contact(id), 'plan', plan,
    'limitPerMinute', limit_per_minute, 'limitPerMonth', limit_per_month,
    'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'name', name, 'slug', slug)::text
FROM workspaces WHERE id = %(workspace_id)s

-- name: api_keys
-- Both environments: keys belong to the account. Never the hash.
SELECT json_build_object(
    'id', id, 'prefix', prefix, 'environment', environment, 'scopes', scopes,
    'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'lastUsedAt', to_char(last_used_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'revokedAt', to_char(revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
FROM api_keys WHERE workspace_id = %(workspace_id)s
ORDER BY id

-- name: links
-- Deleted links too (deletedAt set): their clicks are in the export. A link on a custom
-- domain is at https://<domain>/<code>, a sandbox one under /test there (SANDBOX_PATH).
SELECT json_build_object(
    'id', id, 'shortCode', short_code,
    'shortUrl', CASE WHEN domain = '' THEN %(short_base_url)s
                     ELSE 'https://' || domain
                          || CASE WHEN environment = 'test' THEN '/test' ELSE '' END
                END || '/' || short_code,
    'domain', nullif(domain, ''),
    'longUrl', long_url, 'tags', tags, 'redirectType', redirect_type,
    'forwardQuery', forward_query, 'clicks', clicks, 'managedBy', managed_by,
    'iosUrl', ios_url, 'androidUrl', android_url,
    'expiresAt', to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'flaggedAt', to_char(flagged_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'safety', json_build_object(
        'verdict', safety_verdict, 'reasons', safety_reasons, 'source', safety_source,
        'checkedAt',
        to_char(safety_checked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'reviewRequestedAt',
        to_char(review_requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deletedAt', to_char(deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdBy', created_by)::text
FROM links WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s
ORDER BY id

-- name: clicks
SELECT json_build_object(
    'id', c.event_id, 'linkId', c.link_id,
    'clickedAt', to_char(c.clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'visitorId', encode(c.visitor_id, 'hex'), 'country', nullif(c.country, ''),
    'device', c.device, 'os', c.os, 'browser', c.browser,
    'referrer', nullif(c.referrer, ''), 'userAgent', c.user_agent,
    'isBot', c.is_bot, 'isQr', c.is_qr,
    'region', nullif(c.region, ''), 'city', nullif(c.city, ''))::text
FROM links l JOIN clicks c ON c.link_id = l.id
WHERE l.workspace_id = %(workspace_id)s AND l.environment = %(environment)s
ORDER BY c.link_id, c.clicked_at, c.event_id

-- name: qr_codes
SELECT json_build_object(
    'id', q.id, 'type', q.type, 'title', q.title, 'dynamic', q.dynamic, 'data', q.data,
    'linkId', q.link_id,
    'payload', coalesce(q.payload,
                        CASE WHEN l.domain = '' THEN %(short_base_url)s
                             ELSE 'https://' || l.domain
                                  || CASE WHEN l.environment = 'test' THEN '/test' ELSE '' END
                        END || '/' || l.short_code
                        || CASE WHEN q.type = 'link' THEN '?qr=1' ELSE '' END),
    'createdAt', to_char(q.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(q.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deletedAt', to_char(q.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdBy', q.created_by)::text
FROM qr_codes q LEFT JOIN links l ON l.id = q.link_id
WHERE q.workspace_id = %(workspace_id)s AND q.environment = %(environment)s
ORDER BY q.id

-- name: bio_page
SELECT json_build_object(
    'id', id, 'username', username, 'displayName', display_name,
    'description', description, 'avatarUrl', avatar_url, 'theme', theme,
    'language', language, 'links', links, 'socials', socials,
    'pageUrl', %(short_base_url)s || '/@' || username,
    'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdBy', created_by)::text
FROM bio_pages WHERE workspace_id = %(workspace_id)s AND environment = %(environment)s

-- name: bio_visits
SELECT json_build_object(
    'id', v.event_id, 'bioId', v.bio_id, 'username', v.username,
    'visitedAt', to_char(v.visited_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'visitorId', encode(v.visitor_id, 'hex'), 'country', nullif(v.country, ''),
    'device', v.device, 'os', v.os, 'browser', v.browser,
    'referrer', nullif(v.referrer, ''), 'userAgent', v.user_agent, 'isBot', v.is_bot)::text
FROM bio_pages p JOIN bio_visits v ON v.bio_id = p.id
WHERE p.workspace_id = %(workspace_id)s AND p.environment = %(environment)s
ORDER BY v.visited_at, v.event_id

-- name: webhooks
-- Never the secrets (only whether a previous one is still honoured).
SELECT json_build_object(
    'id', w.id, 'endpoint', w.endpoint, 'events', w.events, 'status', w.status,
    'pauseReason', w.pause_reason,
    'pausedAt', to_char(w.paused_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'previousSecretValidUntil',
        to_char(w.previous_secret_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdAt', to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(w.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deletedAt', to_char(w.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdBy', w.created_by)::text
FROM webhooks w
WHERE w.workspace_id = %(workspace_id)s AND w.environment = %(environment)s
ORDER BY w.id

-- name: webhook_attempts
-- The delivery log: every attempt of every delivery of the caller's webhooks.
SELECT json_build_object(
    'id', a.id, 'webhookId', a.webhook_id, 'deliveryId', a.delivery_id,
    'eventId', e.id, 'eventType', e.type, 'attempt', a.attempt,
    'statusCode', a.status_code, 'durationMs', a.duration_ms,
    'response', a.response_body, 'error', a.error, 'succeeded', a.succeeded,
    'attemptedAt', to_char(a.attempted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
FROM webhook_attempts a
JOIN webhooks w ON w.id = a.webhook_id
JOIN webhook_deliveries d ON d.id = a.delivery_id
JOIN events e ON e.seq = d.event_seq
WHERE w.workspace_id = %(workspace_id)s AND w.environment = %(environment)s
ORDER BY a.webhook_id, a.attempted_at, a.id

-- name: integrations
-- Connected stores, never their credentials.
SELECT json_build_object(
    'id', i.id, 'platform', i.platform, 'storeUrl', i.store_url, 'name', i.name,
    'currency', i.currency, 'status', i.status, 'connectedVia', i.connected_via,
    'revokedReason', i.revoked_reason,
    'revokedAt', to_char(i.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdAt', to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(i.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'createdBy', i.created_by)::text
FROM integrations i
WHERE i.workspace_id = %(workspace_id)s AND i.environment = %(environment)s
ORDER BY i.id

-- name: product_links
-- Generated copy with the link it points to (the link itself is in "links").
SELECT json_build_object(
    'id', p.id, 'integrationId', p.integration_id, 'productId', p.product_id,
    'linkId', p.link_id, 'generator', p.generator, 'model', p.model, 'copy', p.copy,
    'utm', json_build_object('source', p.utm_source, 'medium', p.utm_medium,
                             'campaign', p.utm_campaign),
    'options', p.options,
    'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
FROM product_links p
WHERE p.workspace_id = %(workspace_id)s AND p.environment = %(environment)s AND p.copy IS NOT NULL
ORDER BY p.id
