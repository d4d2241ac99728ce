"""QR codes: validate, encode, store with their tracked link and the outbox event
in one transaction, then write the link through to Redis for the edge."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
from msgspec import UNSET

from admin.api.body import decode_json_body
from admin.auth import Principal
from admin.bio import username_of
from admin.db import Connection, Database
from admin.errors import FieldError, HopError, NotFound, ValidationFailed, validation
from admin.events import Event
from admin.link_model import LinkRow
from admin.links import LinkCache, ManagedLinks, delete_managed_link, own_link
from admin.pagination import RowCursor, decode_row_cursor, encode_cursor
from admin.qr import images
from admin.qr import repository as repo
from admin.qr import style as styles
from admin.qr.payloads import URL_LIKE, Encoded, check_capacity, encode
from admin.qr.schemas import (
    DATA_TYPES,
    BioQrCreate,
    LinkQrCreate,
    QrCode,
    QrCreate,
    QrPage,
    QrStyle,
    QrUpdate,
)
from admin.urls import public_base, short_url
from common.ids import SHORT_CODE_LENGTH, new_id
from common.timefmt import iso_utc

MAX_PAGE_SIZE = 200
# Appended to an existing short link's URL in a 'link' code: the edge counts the
# visit as a scan and drops the marker before redirecting.
QR_MARKER = "qr=1"
_EDITABLE = frozenset({"url", "whatsapp", "app", "social"})


def decode_data(raw: dict[str, Any], model: type[Any]) -> Any:
    """``data`` of a known type from a PATCH body; every problem is a 422 on ``data.*``."""
    try:
        return decode_json_body(msgspec.json.encode(raw), model)
    except HopError as exc:
        errors = [FieldError(f"data.{error.field}", error.message) for error in exc.errors]
        raise ValidationFailed(exc.detail, errors or [FieldError("data", exc.detail)]) from None


class QrService:
    def __init__(
        self, db: Database, cache: LinkCache, short_base_url: str, managed: ManagedLinks
    ) -> None:
        self.db = db
        self.cache = cache
        self.short_base_url = short_base_url
        # A dynamic code's link comes in as any link does (admin/links/admission.py).
        self.managed = managed

    def payload_of(self, row: repo.QrRow) -> str:
        if row.payload is not None:
            return row.payload
        assert row.short_code is not None  # a dynamic code: payload is None
        address = short_url(self.short_base_url, row.environment, row.short_code, row.domain)
        return f"{address}?{QR_MARKER}" if row.type == "link" else address

    def to_resource(self, row: repo.QrRow) -> QrCode:
        return QrCode(
            id=row.id,
            type=row.type,
            title=row.title,
            dynamic=row.dynamic,
            data=row.data,
            payload=self.payload_of(row),
            link_id=row.link_id,
            short_url=(
                short_url(self.short_base_url, row.environment, row.short_code, row.domain)
                if row.short_code
                else None
            ),
            image_url=f"/v1/qr/{row.id}/image",
            created_at=iso_utc(row.created_at),
            updated_at=iso_utc(row.updated_at),
            created_by=row.created_by,
            style=styles.stored(row.style),
        )

    def _check_destination(self, qr_type: str, encoded: Encoded) -> None:
        """Every destination of a dynamic code's link, checked as a link's are (422)."""
        errors: list[FieldError] = []
        named = (
            ("data.fallbackUrl" if qr_type == "app" else "data.url", encoded.url),
            ("data.iosUrl", encoded.ios_url),
            ("data.androidUrl", encoded.android_url),
        )
        for field, url in named:
            if url is not None:
                self.managed.admission.check_url(field, url, errors)
        if errors:
            raise validation(errors)

    def _checked(self, body: QrCreate) -> tuple[str, bool, Encoded | None]:
        """(type, dynamic, the encoded content) of a new code; 422 when it cannot be made.
        The database's part (the link of a ``link`` code, the Bio page) is checked later."""
        qr_type = str(msgspec.inspect.type_info(type(body)).tag)  # type: ignore[attr-defined]
        dynamic = qr_type in URL_LIKE if body.dynamic is None else body.dynamic
        if dynamic and qr_type not in URL_LIKE:
            kinds = ", ".join(sorted(URL_LIKE))
            raise validation([FieldError("dynamic", f"only {kinds} codes can be dynamic")])
        if qr_type == "app" and not dynamic:
            raise validation([FieldError("dynamic", "app codes are always dynamic")])
        encoded = None
        if qr_type not in ("link", "bio"):
            encoded = encode(body.data)
            if dynamic:
                self._check_destination(qr_type, encoded)
            else:
                check_capacity(encoded.content)
        return qr_type, dynamic, encoded

    @staticmethod
    def _check_fits(content: str, style: QrStyle) -> None:
        """A static code's content must fit at the style's error correction (H with a logo)."""
        ecl = style.ecl or "M"
        try:
            images.make_code(content, ecl)
        except ValidationFailed:
            field = "style.logo" if style.logo is not None else "style.ecl"
            reason = "a logo needs error correction H" if style.logo is not None else ""
            raise validation(
                [FieldError(field, f"the content does not fit at error correction {ecl} {reason}")]
            ) from None

    async def preview(
        self, principal: Principal, body: QrCreate, request: images.ImageRequest
    ) -> bytes:
        """The image a new code of ``body`` would have, saving nothing (the dashboard's
        designer). A code that holds a short link (dynamic, ``link``, ``bio``) gets its
        link only when saved: here a short URL of the same length stands in for it."""
        options = styles.options_for(styles.check_style(body.style), request)
        _, dynamic, encoded = self._checked(body)
        if encoded is not None and not dynamic:
            payload = encoded.content
        else:
            base = public_base(self.short_base_url, principal.environment)
            payload = f"{base}/{'0' * SHORT_CODE_LENGTH}"
        return await asyncio.to_thread(images.render, payload, options)

    async def create(self, principal: Principal, body: QrCreate) -> QrCode:
        qr_type, dynamic, encoded = self._checked(body)
        if dynamic:
            await self.cache.require_room()  # 503 rather than a code the edge cannot follow
        data = msgspec.to_builtins(body.data)
        style = styles.check_style(body.style)  # before anything is written
        if encoded is not None and not dynamic:
            self._check_fits(encoded.content, style)

        qr_id = new_id("qr")
        async with self.db.transaction() as conn:
            link, link_id, payload = await self._target(conn, principal, body, dynamic, encoded)
            row = await repo.insert_qr(
                conn,
                principal,
                repo.NewQr(
                    id=qr_id,
                    type=qr_type,
                    title=body.title,
                    data=data,
                    dynamic=dynamic,
                    link_id=link_id,
                    payload=payload,
                    style=styles.to_row(style),
                ),
                lambda row: Event("qr.created", self.to_resource(row)),
            )
            resource = self.to_resource(row)
        if link is not None:
            await self.cache.write([link])
        return resource

    async def _target(
        self,
        conn: Connection,
        principal: Principal,
        body: QrCreate,
        dynamic: bool,
        encoded: Encoded | None,
    ) -> tuple[LinkRow | None, str | None, str | None]:
        """(the new managed link, the encoded link's id, the static payload) of a new code."""
        if isinstance(body, LinkQrCreate):
            # The id, or the short link or code the dashboard shows.
            target = await own_link(conn, principal, self.short_base_url, body.data.link_id)
            if target is None or target.managed_by is not None:
                raise validation(
                    [FieldError("data.linkId", "is not one of your short links (or their codes)")]
                )
            static = (
                None
                if dynamic
                else short_url(
                    self.short_base_url, target.environment, target.short_code, target.domain
                )
            )
            return None, target.id, static
        if isinstance(body, BioQrCreate):
            username = await username_of(conn, principal)
            if username is None:
                raise validation([FieldError("type", "create your Bio page first (PUT /v1/bio)")])
            bio_url = f"{public_base(self.short_base_url, principal.environment)}/@{username}"
            if not dynamic:
                return None, None, bio_url
            link = await self.managed.create(conn, principal, "qr", bio_url, ours=True)
            return link, link.id, None
        assert encoded is not None
        if not dynamic or encoded.url is None:
            return None, None, encoded.content
        link = await self.managed.create(
            conn,
            principal,
            "qr",
            encoded.url,
            ios_url=encoded.ios_url,
            android_url=encoded.android_url,
        )
        return link, link.id, None

    async def get(self, principal: Principal, qr_id: str) -> QrCode:
        return self.to_resource(await self._row(principal, qr_id))

    async def _row(self, principal: Principal, qr_id: str) -> repo.QrRow:
        async with self.db.transaction() as conn:
            row = await repo.get_qr(conn, principal, qr_id)
        if row is None:
            raise NotFound(f"No QR code with id {qr_id!r}.")
        return row

    async def list(self, principal: Principal, *, limit: int, cursor: str | None) -> QrPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        before = decode_row_cursor(cursor, "qr_") if cursor else None
        async with self.db.transaction() as conn:
            rows = await repo.list_qr(conn, principal, before=before, limit=limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        return QrPage(
            data=[self.to_resource(row) for row in rows],
            next_cursor=encode_cursor(RowCursor(rows[-1].id)) if more else None,
        )

    async def update(self, principal: Principal, qr_id: str, body: QrUpdate) -> QrCode:
        await self.cache.require_room()  # its link's entry may change
        link = None
        async with self.db.transaction() as conn:
            row = await repo.get_qr(conn, principal, qr_id, for_update=True)
            if row is None:
                raise NotFound(f"No QR code with id {qr_id!r}.")
            title = row.title if body.title is UNSET else body.title
            data = row.data
            style = row.style
            if body.style is not UNSET:
                checked = styles.check_style(body.style)
                if row.payload is not None:  # static: the content must fit the new style
                    self._check_fits(row.payload, checked)
                style = styles.to_row(checked)
            if body.data is not UNSET:
                if not row.dynamic or row.type not in _EDITABLE:
                    raise validation(
                        [
                            FieldError(
                                "data",
                                "only a dynamic url, whatsapp, app or social code can change "
                                "its destination; other content is printed in the image",
                            )
                        ]
                    )
                parsed = decode_data(body.data, DATA_TYPES[row.type])
                encoded = encode(parsed)
                self._check_destination(row.type, encoded)
                assert row.link_id is not None
                assert encoded.url is not None
                link = await self.managed.retarget(
                    conn,
                    principal,
                    row.link_id,
                    encoded.url,
                    ios_url=encoded.ios_url,
                    android_url=encoded.android_url,
                )
                data = msgspec.to_builtins(parsed)
            if (title, data, style) != (row.title, row.data, row.style):
                await repo.update_qr(conn, row.id, title, data, style)
                row = await repo.get_qr(conn, principal, qr_id)
                assert row is not None
        if link is not None:
            await self.cache.write([link])
        return self.to_resource(row)

    async def delete(self, principal: Principal, qr_id: str) -> None:
        await self.cache.require_room()  # its link's entry may change
        link = None
        async with self.db.transaction() as conn:
            row = await repo.get_qr(conn, principal, qr_id, for_update=True)
            if row is None:
                raise NotFound(f"No QR code with id {qr_id!r}.")
            await repo.delete_qr(conn, row.id)
            if row.link_id is not None and row.type != "link":
                link = await delete_managed_link(conn, row.link_id)
        if link is not None:
            await self.cache.write([link])

    async def image(
        self,
        principal: Principal,
        qr_id: str,
        request: images.ImageRequest,
        if_none_match: str | None,
    ) -> tuple[bytes | None, str]:
        """(image, ETag) with the code's saved style (the request's colours and error
        correction win when given); the image is None when ``if_none_match`` already
        holds the ETag."""
        row = await self._row(principal, qr_id)
        options = styles.options_for(styles.stored(row.style), request)
        payload = self.payload_of(row)
        tag = images.etag(payload, options)
        if if_none_match and (if_none_match.strip() == "*" or tag in if_none_match):
            return None, tag
        # segno takes milliseconds (over 100 ms for the largest PNGs): not on the loop.
        return await asyncio.to_thread(images.render, payload, options), tag
