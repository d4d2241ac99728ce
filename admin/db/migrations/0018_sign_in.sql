-- Sign-in beyond passwords (docs/security.md#sign-in): identities at other providers,
-- two-factor codes with their recovery codes, passkeys, and single sign-on per workspace.

-- A person signed in through OpenID Connect or GitHub alone has no password.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- Identities at other providers a user signs in with: the install's OpenID Connect
-- provider ('oidc'), GitHub ('github'), a workspace's connection ('sso:<workspace id>').
CREATE TABLE user_identities (
    id            text COLLATE "C" PRIMARY KEY,
    user_id       text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    provider      text COLLATE "C" NOT NULL,
    -- The provider's stable id for the person (`sub`, GitHub's numeric user id).
    subject       text COLLATE "C" NOT NULL,
    email         text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz
);
CREATE UNIQUE INDEX user_identities_subject_key ON user_identities (provider, subject);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- TOTP (RFC 6238): the secret sealed like store credentials; confirmed once a first code
-- proved the authenticator holds it. last_step is the newest time step accepted, so a code
-- is accepted once.
CREATE TABLE user_totp (
    user_id       text COLLATE "C" PRIMARY KEY REFERENCES users ON DELETE CASCADE,
    secret        bytea NOT NULL,
    confirmed_at  timestamptz,
    last_step     bigint,
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Recovery codes, shown once, stored as SHA-256, each single use.
CREATE TABLE recovery_codes (
    id         text COLLATE "C" PRIMARY KEY,
    user_id    text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    code_hash  bytea NOT NULL,
    used_at    timestamptz
);
CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);

-- Passkeys (WebAuthn credentials): several per person, each named.
CREATE TABLE passkeys (
    id             text COLLATE "C" PRIMARY KEY,
    user_id        text COLLATE "C" NOT NULL REFERENCES users ON DELETE CASCADE,
    credential_id  bytea NOT NULL,
    public_key     bytea NOT NULL,
    sign_count     bigint NOT NULL DEFAULT 0,
    transports     text[] NOT NULL DEFAULT '{}',
    name           text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    last_used_at   timestamptz
);
CREATE UNIQUE INDEX passkeys_credential_key ON passkeys (credential_id);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- A workspace's own OpenID Connect connection; the client secret sealed, never returned.
CREATE TABLE workspace_sso (
    workspace_id   text COLLATE "C" PRIMARY KEY REFERENCES workspaces ON DELETE CASCADE,
    issuer         text NOT NULL,
    client_id      text NOT NULL,
    client_secret  bytea NOT NULL,
    -- Members whose address is on a verified domain below sign in through it only.
    require_sso    boolean NOT NULL DEFAULT false,
    -- The role of people from those domains who join by signing in (just in time).
    default_role   text NOT NULL DEFAULT 'member'
                   CHECK (default_role IN ('admin', 'member', 'viewer')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- The e-mail domains a workspace's connection speaks for, each proven by a TXT record
-- (as custom domains are); a domain is one workspace's once proven.
CREATE TABLE sso_domains (
    workspace_id  text COLLATE "C" NOT NULL REFERENCES workspaces ON DELETE CASCADE,
    domain        text COLLATE "C" NOT NULL,
    token         text NOT NULL,
    verified_at   timestamptz,
    checked_at    timestamptz,
    PRIMARY KEY (workspace_id, domain)
);
CREATE UNIQUE INDEX sso_domains_verified_key ON sso_domains (domain)
    WHERE verified_at IS NOT NULL;

-- Owners may require two-factor sign-in of every member.
ALTER TABLE workspaces ADD COLUMN require_mfa boolean NOT NULL DEFAULT false;
