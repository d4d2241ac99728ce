from http import HTTPStatus
from io import BytesIO
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_qr_image_ecl_type_1 import GetQrImageEclType1
from ...models.get_qr_image_ecl_type_2_type_1 import GetQrImageEclType2Type1
from ...models.get_qr_image_ecl_type_3_type_1 import GetQrImageEclType3Type1
from ...models.get_qr_image_format import GetQrImageFormat
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    qr_id: str,
    *,
    format_: GetQrImageFormat | Unset = "svg",
    scale: int | Unset = 10,
    border: int | Unset = 4,
    dark: None | str | Unset = UNSET,
    light: None | str | Unset = UNSET,
    ecl: GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params["scale"] = scale

    params["border"] = border

    json_dark: None | str | Unset
    if isinstance(dark, Unset):
        json_dark = UNSET
    else:
        json_dark = dark
    params["dark"] = json_dark

    json_light: None | str | Unset
    if isinstance(light, Unset):
        json_light = UNSET
    else:
        json_light = light
    params["light"] = json_light

    json_ecl: None | str | Unset
    if isinstance(ecl, Unset):
        json_ecl = UNSET
    elif isinstance(ecl, str):
        json_ecl = ecl
    elif isinstance(ecl, str):
        json_ecl = ecl
    elif isinstance(ecl, str):
        json_ecl = ecl
    else:
        json_ecl = ecl
    params["ecl"] = json_ecl

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/qr/{qr_id}/image".format(
            qr_id=quote(str(qr_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | File | Problem | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    qr_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetQrImageFormat | Unset = "svg",
    scale: int | Unset = 10,
    border: int | Unset = 4,
    dark: None | str | Unset = UNSET,
    light: None | str | Unset = UNSET,
    ecl: GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None | Unset = UNSET,
) -> Response[Any | File | Problem]:
    """Render a QR code as an image

     The code as an image drawn with its saved style. Cacheable: answers 304 to a
    current If-None-Match.

    Args:
        qr_id (str): A QR code id (qr_…).
        format_ (GetQrImageFormat | Unset): svg, png or pdf Default: 'svg'.
        scale (int | Unset): Pixels per module. Default: 10.
        border (int | Unset): Quiet zone, modules. Default: 4.
        dark (None | str | Unset): Colour of dark modules; unset: the style's.
        light (None | str | Unset): Background colour or `transparent`; unset: the style's.
        ecl (GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None |
            Unset): Error correction: L, M, Q or H; unset: the style's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | File | Problem]
    """

    kwargs = _get_kwargs(
        qr_id=qr_id,
        format_=format_,
        scale=scale,
        border=border,
        dark=dark,
        light=light,
        ecl=ecl,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    qr_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetQrImageFormat | Unset = "svg",
    scale: int | Unset = 10,
    border: int | Unset = 4,
    dark: None | str | Unset = UNSET,
    light: None | str | Unset = UNSET,
    ecl: GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None | Unset = UNSET,
) -> Any | File | Problem | None:
    """Render a QR code as an image

     The code as an image drawn with its saved style. Cacheable: answers 304 to a
    current If-None-Match.

    Args:
        qr_id (str): A QR code id (qr_…).
        format_ (GetQrImageFormat | Unset): svg, png or pdf Default: 'svg'.
        scale (int | Unset): Pixels per module. Default: 10.
        border (int | Unset): Quiet zone, modules. Default: 4.
        dark (None | str | Unset): Colour of dark modules; unset: the style's.
        light (None | str | Unset): Background colour or `transparent`; unset: the style's.
        ecl (GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None |
            Unset): Error correction: L, M, Q or H; unset: the style's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | File | Problem
    """

    return sync_detailed(
        qr_id=qr_id,
        client=client,
        format_=format_,
        scale=scale,
        border=border,
        dark=dark,
        light=light,
        ecl=ecl,
    ).parsed


async def asyncio_detailed(
    qr_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetQrImageFormat | Unset = "svg",
    scale: int | Unset = 10,
    border: int | Unset = 4,
    dark: None | str | Unset = UNSET,
    light: None | str | Unset = UNSET,
    ecl: GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None | Unset = UNSET,
) -> Response[Any | File | Problem]:
    """Render a QR code as an image

     The code as an image drawn with its saved style. Cacheable: answers 304 to a
    current If-None-Match.

    Args:
        qr_id (str): A QR code id (qr_…).
        format_ (GetQrImageFormat | Unset): svg, png or pdf Default: 'svg'.
        scale (int | Unset): Pixels per module. Default: 10.
        border (int | Unset): Quiet zone, modules. Default: 4.
        dark (None | str | Unset): Colour of dark modules; unset: the style's.
        light (None | str | Unset): Background colour or `transparent`; unset: the style's.
        ecl (GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None |
            Unset): Error correction: L, M, Q or H; unset: the style's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | File | Problem]
    """

    kwargs = _get_kwargs(
        qr_id=qr_id,
        format_=format_,
        scale=scale,
        border=border,
        dark=dark,
        light=light,
        ecl=ecl,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    qr_id: str,
    *,
    client: AuthenticatedClient,
    format_: GetQrImageFormat | Unset = "svg",
    scale: int | Unset = 10,
    border: int | Unset = 4,
    dark: None | str | Unset = UNSET,
    light: None | str | Unset = UNSET,
    ecl: GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None | Unset = UNSET,
) -> Any | File | Problem | None:
    """Render a QR code as an image

     The code as an image drawn with its saved style. Cacheable: answers 304 to a
    current If-None-Match.

    Args:
        qr_id (str): A QR code id (qr_…).
        format_ (GetQrImageFormat | Unset): svg, png or pdf Default: 'svg'.
        scale (int | Unset): Pixels per module. Default: 10.
        border (int | Unset): Quiet zone, modules. Default: 4.
        dark (None | str | Unset): Colour of dark modules; unset: the style's.
        light (None | str | Unset): Background colour or `transparent`; unset: the style's.
        ecl (GetQrImageEclType1 | GetQrImageEclType2Type1 | GetQrImageEclType3Type1 | None |
            Unset): Error correction: L, M, Q or H; unset: the style's.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | File | Problem
    """

    return (
        await asyncio_detailed(
            qr_id=qr_id,
            client=client,
            format_=format_,
            scale=scale,
            border=border,
            dark=dark,
            light=light,
            ecl=ecl,
        )
    ).parsed
