"""/v1/qr: thin handlers over QrService."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.openapi import ResponseSpec
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.operations import binary_response, problems
from admin.auth import Principal
from admin.errors import BadRequest, ValidationFailed
from admin.qr.images import MEDIA_TYPES, ErrorLevel, ImageFormat, ImageRequest
from admin.qr.schemas import QrCode, QrCreate, QrPage, QrUpdate
from admin.qr.service import MAX_PAGE_SIZE, QrService

QrId = Annotated[str, Parameter(description="A QR code id (qr_…).", max_length=64)]
IMAGE_CACHE_CONTROL = "private, max-age=86400"


# Inside these objects a missing field is 422 too (the body is well-formed).
_CONTENT = ("data.", "style.")


def _content_errors(exc: BadRequest) -> BadRequest | ValidationFailed:
    if exc.errors and exc.errors[0].field.startswith(_CONTENT):
        return ValidationFailed(exc.detail, exc.errors)
    return exc


class QrCreateBody(JsonBody[Any]):
    """The tagged union of every type (Litestar's DTO[...] refuses unions, so it is set here).

    A missing ``type`` or ``data`` is 400 like any missing field, but anything
    missing inside ``data`` (or ``style``) is 422 naming ``data.<field>``: the body
    is well-formed, its content is not valid for the type.
    """

    model_type = QrCreate  # type: ignore[assignment]

    def decode_bytes(self, value: bytes) -> Any:
        try:
            return super().decode_bytes(value)
        except BadRequest as exc:
            raise _content_errors(exc) from None


class QrUpdateBody(JsonBody[QrUpdate]):
    """A PATCH body; a field missing inside ``style`` is 422 on ``style.<field>``."""

    def decode_bytes(self, value: bytes) -> Any:
        try:
            return super().decode_bytes(value)
        except BadRequest as exc:
            raise _content_errors(exc) from None


class QrController(Controller):
    path = "/v1/qr"
    tags = ["qr"]

    @post(
        "/",
        dto=QrCreateBody,
        return_dto=None,
        status_code=201,
        opt={"scope": "qr:write"},
        responses=problems(400, 401, 403, 409, 422),
        operation_id="createQrCode",
        summary="Create a QR code",
    )
    async def create_qr(
        self, data: QrCreate, principal: Principal, qr: QrService
    ) -> Response[QrCode]:
        """Create a QR code of one of 17 types. URL-like types are dynamic (tracked) by default."""
        code = await qr.create(principal, data)
        return Response(code, status_code=201, headers={"Location": f"/v1/qr/{code.id}"})

    @get(
        "/",
        opt={"scope": "qr:read"},
        responses=problems(401, 403, 422),
        operation_id="listQrCodes",
        summary="List QR codes",
    )
    async def list_qr(
        self,
        principal: Principal,
        qr: QrService,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
    ) -> QrPage:
        """QR codes, newest first; follow `nextCursor` for the next page."""
        return await qr.list(principal, limit=limit, cursor=cursor)

    @get(
        "/{qr_id:str}",
        opt={"scope": "qr:read"},
        responses=problems(401, 403, 404),
        operation_id="getQrCode",
        summary="Get a QR code",
    )
    async def get_qr(self, qr_id: QrId, principal: Principal, qr: QrService) -> QrCode:
        """One QR code."""
        return await qr.get(principal, qr_id)

    @patch(
        "/{qr_id:str}",
        dto=QrUpdateBody,
        return_dto=None,
        opt={"scope": "qr:write"},
        responses=problems(400, 401, 403, 404, 422),
        operation_id="updateQrCode",
        summary="Update a QR code",
    )
    async def update_qr(
        self, qr_id: QrId, data: QrUpdate, principal: Principal, qr: QrService
    ) -> QrCode:
        """Change the title, the style (replaced whole), or a dynamic code's destination (the
        encoded short URL stays the same)."""
        return await qr.update(principal, qr_id, data)

    @delete(
        "/{qr_id:str}",
        opt={"scope": "qr:write"},
        responses=problems(401, 403, 404),
        operation_id="deleteQrCode",
        summary="Delete a QR code",
    )
    async def delete_qr(self, qr_id: QrId, principal: Principal, qr: QrService) -> None:
        """Delete a QR code; a dynamic code's short link answers 410 Gone from then on."""
        await qr.delete(principal, qr_id)

    @get(
        "/{qr_id:str}/image",
        opt={"scope": "qr:read"},
        media_type="image/svg+xml",
        operation_class=binary_response(*MEDIA_TYPES.values()),
        responses={
            **problems(401, 403, 404, 422),
            304: ResponseSpec(None, description="Not Modified: the If-None-Match ETag is current."),
        },
        operation_id="getQrImage",
        summary="Render a QR code as an image",
    )
    async def qr_image(
        self,
        request: Request[Any, Any, Any],
        qr_id: QrId,
        principal: Principal,
        qr: QrService,
        format: Annotated[ImageFormat, Parameter(description="svg, png or pdf")] = "svg",  # noqa: A002
        scale: Annotated[int, Parameter(ge=1, le=50, description="Pixels per module.")] = 10,
        border: Annotated[int, Parameter(ge=0, le=20, description="Quiet zone, modules.")] = 4,
        dark: Annotated[
            str | None,
            Parameter(max_length=32, description="Colour of dark modules; unset: the style's."),
        ] = None,
        light: Annotated[
            str | None,
            Parameter(
                max_length=32,
                description="Background colour or `transparent`; unset: the style's.",
            ),
        ] = None,
        ecl: Annotated[
            ErrorLevel | None,
            Parameter(description="Error correction: L, M, Q or H; unset: the style's."),
        ] = None,
    ) -> Response[bytes]:
        """The code as an image drawn with its saved style. Cacheable: answers 304 to a
        current If-None-Match."""
        wanted = ImageRequest(
            format=format, scale=scale, border=border, dark=dark, light=light, ecl=ecl
        )
        image, etag = await qr.image(principal, qr_id, wanted, request.headers.get("if-none-match"))
        headers = {"ETag": etag, "Cache-Control": IMAGE_CACHE_CONTROL}
        if image is None:
            return Response(b"", status_code=304, headers=headers)
        return Response(image, media_type=MEDIA_TYPES[format], headers=headers)
