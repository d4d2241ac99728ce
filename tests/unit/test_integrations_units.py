"""Integrations, pure logic: Shopify signatures (vectors computed by hand), our product
cursor, copy limits and the template writer, the install state."""

from __future__ import annotations

import base64
import hashlib
import hmac

import pytest

from admin.errors import ValidationFailed
from admin.integrations import shopify_auth
from admin.integrations.copy import (
    EMAIL_SUBJECT_MAX,
    HEADLINE_MAX,
    INSTAGRAM_HASHTAGS_MAX,
    INSTAGRAM_MAX,
    Draft,
    finish,
    hashtags,
    template_draft,
)
from admin.integrations.platform import StoreProduct, plain_text
from admin.integrations.service import Cursor, decode_cursor, encode_cursor
from admin.integrations.state import StateSigner
from admin.integrations.xtext import weighted_length

SECRET = "hush"
LINK = "https://hop.to/AbC1234"


def test_query_hmac_matches_shopifys_documented_recipe() -> None:
    # The message Shopify signs, written out by hand: hmac left out, the rest sorted.
    pairs = [
        ("shop", "some-shop.myshopify.com"),
        ("code", "0907a61c0c8d55e99db179b68161bc00"),
        ("timestamp", "1337178173"),
        ("hmac", "ignored"),
        ("host", "c29tZS1zaG9w"),
        ("state", "a&b=c%d"),
    ]
    message = (
        "code=0907a61c0c8d55e99db179b68161bc00&host=c29tZS1zaG9w&shop=some-shop.myshopify.com"
        "&state=a%26b=c%25d&timestamp=1337178173"
    )
    assert shopify_auth.signed_message(pairs) == message
    digest = hmac.new(SECRET.encode(), message.encode(), hashlib.sha256).hexdigest()
    signed = [*[p for p in pairs if p[0] != "hmac"], ("hmac", digest)]
    assert shopify_auth.verify_query(SECRET, signed)
    assert not shopify_auth.verify_query("other", signed)
    tampered = [(k, v + "x" if k == "shop" else v) for k, v in signed]
    assert not shopify_auth.verify_query(SECRET, tampered)
    assert not shopify_auth.verify_query(SECRET, [*signed, ("hmac", digest)])  # two hmacs


def test_repeated_parameters_are_one_array_entry() -> None:
    pairs = [("ids[]", "2"), ("ids[]", "1"), ("shop", "a.myshopify.com")]
    assert shopify_auth.signed_message(pairs) == 'ids=["2", "1"]&shop=a.myshopify.com'


def test_webhook_hmac_is_base64_of_the_raw_body() -> None:
    body = b'{"id":1}'
    header = base64.b64encode(hmac.new(SECRET.encode(), body, hashlib.sha256).digest()).decode()
    assert shopify_auth.verify_webhook(SECRET, body, header)
    assert not shopify_auth.verify_webhook(SECRET, body + b" ", header)
    assert not shopify_auth.verify_webhook(SECRET, body, "not base64!")
    assert not shopify_auth.verify_webhook(SECRET, body, None)


@pytest.mark.parametrize(
    ("shop", "valid"),
    [
        ("name.myshopify.com", True),
        ("a-1.myshopify.com", True),
        ("-a.myshopify.com", False),
        ("evil.com", False),
        ("name.myshopify.com.evil.com", False),
        ("name.myshopify.com/", False),
        ("name.myshopify.com\n", False),
        ("na me.myshopify.com", False),
    ],
)
def test_shop_hosts(shop: str, valid: bool) -> None:
    assert shopify_auth.valid_shop(shop) is valid


def test_install_state_is_signed_bound_and_expires() -> None:
    signer = StateSigner("k" * 40)
    issued = signer.issue("usr_1", "live", "shopify", "a.myshopify.com")
    token = issued.state
    state = signer.open(token, "shopify")
    assert state is not None
    assert (state.workspace_id, state.store) == ("usr_1", "a.myshopify.com")
    assert signer.open(token, "woocommerce") is None
    assert StateSigner("j" * 40).open(token, "shopify") is None
    body, _, signature = token.partition(".")
    assert signer.open(body[:-2] + "xx." + signature, "shopify") is None


def test_install_state_is_bound_to_its_browsers_secret() -> None:
    signer = StateSigner("k" * 40)
    issued = signer.issue("usr_1", "live", "shopify", "a.myshopify.com")
    other = signer.issue("usr_2", "live", "shopify", "a.myshopify.com")
    state = signer.open(issued.state, "shopify")
    assert state is not None
    assert signer.bound(state, issued.secret)
    assert issued.secret not in issued.state  # the state travels in URLs; the secret not
    for wrong in (None, "", other.secret, issued.secret + "x", "x" * 4096):
        assert not signer.bound(state, wrong)
    assert not StateSigner("j" * 40).bound(state, issued.secret)


def test_cursor_round_trip_and_refusals() -> None:
    cursor = Cursor("c50", "mug", 50)
    assert decode_cursor(encode_cursor(cursor)) == cursor
    for bad in ("", "!!!", encode_cursor(Cursor("", "", 50)), encode_cursor(Cursor("2", "", 0))):
        with pytest.raises(ValidationFailed):
            decode_cursor(bad)


def _product(**changes: object) -> StoreProduct:
    fields: dict[str, object] = {
        "id": "7",
        "title": "Linen Shirt",
        "url": "https://shop.example/products/linen-shirt",
        "price": "49.00",
        "max_price": "59.00",
        "currency": "EUR",
        "image_url": None,
        "description": "Breathable linen. Made in Portugal. Machine washable.",
        "vendor": "Acme",
        "tags": ["summer", "linen"],
        "handle": "linen-shirt",
    }
    fields.update(changes)
    return StoreProduct(**fields)  # type: ignore[arg-type]


def test_template_copy_uses_only_the_products_fields() -> None:
    copy = finish(template_draft(_product()), ["web", "instagram", "x", "email"], LINK)
    assert copy.headline == "Linen Shirt · from 49.00 EUR"
    assert "Made in Portugal" in copy.description
    assert copy.x is not None
    assert copy.x.endswith(LINK)
    assert copy.instagram is not None
    assert "#summer" in copy.instagram
    assert copy.email_body is not None
    assert copy.email_body.endswith(LINK)
    assert copy.hashtags == ["summer", "linen", "Acme"]
    assert finish(template_draft(_product()), ["x"], LINK).instagram is None


def test_limits_are_enforced_on_any_draft() -> None:
    long = "Word " * 3000
    draft = Draft(
        headline=long,
        description="Nice shirt, see https://evil.example/x and evil.example today.",
        instagram=long + " ".join(f"#tag{n}" for n in range(60)),
        x="日本語のテキスト " * 100,
        email_subject=long,
        email_body=long,
        hashtags=[f"#t{n}" for n in range(100)],
    )
    copy = finish(draft, ["instagram", "x", "email"], LINK)
    assert len(copy.headline) <= HEADLINE_MAX
    assert "evil" not in copy.description
    assert copy.instagram is not None
    assert len(copy.instagram) <= INSTAGRAM_MAX
    assert copy.instagram.count("#") <= INSTAGRAM_HASHTAGS_MAX
    assert copy.x is not None
    assert weighted_length(copy.x) <= 280
    assert copy.x.endswith(LINK)
    assert copy.email_subject is not None
    assert len(copy.email_subject) <= EMAIL_SUBJECT_MAX
    assert len(copy.hashtags) == 30


def test_hashtags_are_normalised() -> None:
    assert hashtags(["#Summer", "summer", "New Arrival", "#", "2026", "été"]) == [
        "Summer",
        "NewArrival",
        "été",
    ]


def test_html_descriptions_become_plain_text() -> None:
    assert plain_text("<p>Soft <b>cotton</b>&amp;wool<script>x()</script></p><p>Two</p>") == (
        "Soft cotton&wool Two"
    )
