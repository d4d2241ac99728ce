-- Webhooks: registered endpoints, one delivery per (webhook, event), every
-- attempt logged, and a mail outbox for the owner e-mail sent on pause.
-- Events fan out to deliveries in the transaction that writes them: through
-- enqueue_event() one at a time, or set-based with webhook_targets() + hop_id()
-- (docs/webhooks.md, "Emitting an event").

-- A prefixed ULID in lowercase Crockford base32, the format of common/ids.py,
-- for rows created in SQL: 48 bits of milliseconds, then 16 characters from
-- the low 5 bits of a v4 UUID's bytes (79 random bits: byte 6 carries one
-- fixed version bit among them). Byte-wise, not bit-wise: twice as fast.
CREATE FUNCTION hop_id(prefix text) RETURNS text
LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$
DECLARE
    alphabet CONSTANT text := '0123456789abcdefghjkmnpqrstvwxyz';
    millis bigint := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
    random_bytes bytea := uuid_send(gen_random_uuid());
    result text := prefix || '_';
BEGIN
    FOR i IN REVERSE 9..0 LOOP
        result := result || substr(alphabet, ((millis >> (i * 5)) & 31)::int + 1, 1);
    END LOOP;
    FOR i IN 0..15 LOOP
        result := result || substr(alphabet, (get_byte(random_bytes, i) & 31) + 1, 1);
    END LOOP;
    RETURN result;
END
$$;

CREATE TABLE webhooks (
    id                  text COLLATE "C" PRIMARY KEY,
    user_id             text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    environment         text NOT NULL CHECK (environment IN ('live', 'test')),
    endpoint            text NOT NULL,
    -- Spec §6 type names; '{*}' subscribes to every type, present and future.
    events              text[] NOT NULL,
    -- AES-256-GCM ciphertexts (admin/webhooks/crypto.py); never the plain secret.
    secret              bytea NOT NULL,
    previous_secret     bytea,
    previous_secret_expires_at timestamptz,
    status              text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
    pause_reason        text CHECK (pause_reason IN ('failures', 'gone')),
    paused_at           timestamptz,
    -- Failed attempts in a row across this webhook's deliveries; any 2xx resets it.
    failure_streak      integer NOT NULL DEFAULT 0,
    -- Dispatchers serve the least recently served webhook first.
    last_claimed_at     timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    deleted_at          timestamptz
);
CREATE INDEX webhooks_owner_idx ON webhooks (user_id, environment, id) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
    id               text COLLATE "C" PRIMARY KEY,
    webhook_id       text COLLATE "C" NOT NULL REFERENCES webhooks ON DELETE CASCADE,
    event_seq        bigint NOT NULL REFERENCES events ON DELETE CASCADE,
    state            text NOT NULL DEFAULT 'pending'
                     CHECK (state IN ('pending', 'succeeded', 'failed')),
    attempts         integer NOT NULL DEFAULT 0,   -- attempts with a recorded outcome
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    -- Set while a dispatcher holds the delivery; a lease that runs out (the
    -- dispatcher died) makes the same attempt due again.
    lease_until      timestamptz,
    lease_token      uuid,
    created_at       timestamptz NOT NULL DEFAULT now(),
    delivered_at     timestamptz
);
CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (webhook_id, event_seq);
-- The queue: a webhook's pending deliveries in event order.
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (webhook_id, event_seq)
    WHERE state = 'pending';
-- Attempts in flight per webhook, for the per-webhook concurrency bound.
CREATE INDEX webhook_deliveries_leased_idx ON webhook_deliveries (webhook_id)
    WHERE lease_until IS NOT NULL;
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_seq);

-- Wake idle dispatchers (LISTEN webhook_deliveries) when deliveries are queued,
-- instead of waiting for their next poll. Only when rows were inserted: the
-- click ingest runs this INSERT for every batch, mostly with no rows.
CREATE FUNCTION notify_webhook_deliveries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM queued) THEN
        PERFORM pg_notify('webhook_deliveries', '');
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER webhook_deliveries_queued AFTER INSERT ON webhook_deliveries
    REFERENCING NEW TABLE AS queued
    FOR EACH STATEMENT EXECUTE FUNCTION notify_webhook_deliveries();

CREATE TABLE webhook_attempts (
    id             text COLLATE "C" PRIMARY KEY,
    delivery_id    text COLLATE "C" NOT NULL REFERENCES webhook_deliveries ON DELETE CASCADE,
    webhook_id     text COLLATE "C" NOT NULL,
    attempt        integer NOT NULL,
    status_code    smallint,                 -- NULL when no HTTP answer arrived
    duration_ms    integer NOT NULL,
    response_body  text,                     -- the first 2 KB
    error          text,
    succeeded      boolean NOT NULL,
    attempted_at   timestamptz NOT NULL
);
CREATE INDEX webhook_attempts_webhook_idx ON webhook_attempts (webhook_id, id);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id);

-- E-mails to account owners, sent by the worker's mailer (at least once).
CREATE TABLE mail_outbox (
    id               text COLLATE "C" PRIMARY KEY,
    recipient        text NOT NULL,
    subject          text NOT NULL,
    body             text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    attempts         integer NOT NULL DEFAULT 0,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_error       text,
    sent_at          timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- The webhooks an event of this type goes to: the owner's live webhooks (paused
-- ones included, their deliveries wait) subscribed to the type or to everything.
CREATE FUNCTION webhook_targets(p_user_id text, p_environment text, p_type text)
RETURNS TABLE (webhook_id text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT w.id FROM webhooks w
    WHERE w.user_id = p_user_id AND w.environment = p_environment AND w.deleted_at IS NULL
      AND (p_type = ANY (w.events) OR '*' = ANY (w.events))
$$;

-- Write one event and its deliveries. With p_always false the event is only
-- stored when some webhook wants it (high-volume types). An id already present
-- changes nothing, so producers may retry. Returns the number of deliveries, or
-- NULL when nothing was written.
CREATE FUNCTION enqueue_event(
    p_id text, p_user_id text, p_environment text, p_type text, p_data jsonb,
    p_created_at timestamptz DEFAULT now(), p_always boolean DEFAULT true
) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_seq bigint;
    v_count integer;
BEGIN
    IF NOT p_always
       AND NOT EXISTS (SELECT 1 FROM webhook_targets(p_user_id, p_environment, p_type)) THEN
        RETURN NULL;
    END IF;
    INSERT INTO events (id, user_id, environment, type, data, created_at)
    VALUES (p_id, p_user_id, p_environment, p_type, p_data, p_created_at)
    ON CONFLICT (id) DO NOTHING
    RETURNING seq INTO v_seq;
    IF v_seq IS NULL THEN
        RETURN NULL;
    END IF;
    INSERT INTO webhook_deliveries (id, webhook_id, event_seq)
    SELECT hop_id('dlv'), t.webhook_id, v_seq
    FROM webhook_targets(p_user_id, p_environment, p_type) t;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    RETURN v_count;
END
$$;
