from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.qr_code import QrCode
from ...models.qr_update import QrUpdate
from ...types import Response


def _get_kwargs(
    qr_id: str,
    *,
    body: QrUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/qr/{qr_id}".format(
            qr_id=quote(str(qr_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | QrCode | None:
    if response.status_code == 200:
        response_200 = QrCode.from_dict(response.json())

        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | QrCode]:
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
    body: QrUpdate,
) -> Response[Problem | QrCode]:
    """Update a QR code

     Change the title, the style (replaced whole), or a dynamic code's destination (the
    encoded short URL stays the same).

    Args:
        qr_id (str): A QR code id (qr_…).
        body (QrUpdate): ``title`` for any code; ``data`` (of the code's own type) only for
            dynamic codes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QrCode]
    """

    kwargs = _get_kwargs(
        qr_id=qr_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    qr_id: str,
    *,
    client: AuthenticatedClient,
    body: QrUpdate,
) -> Problem | QrCode | None:
    """Update a QR code

     Change the title, the style (replaced whole), or a dynamic code's destination (the
    encoded short URL stays the same).

    Args:
        qr_id (str): A QR code id (qr_…).
        body (QrUpdate): ``title`` for any code; ``data`` (of the code's own type) only for
            dynamic codes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QrCode
    """

    return sync_detailed(
        qr_id=qr_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    qr_id: str,
    *,
    client: AuthenticatedClient,
    body: QrUpdate,
) -> Response[Problem | QrCode]:
    """Update a QR code

     Change the title, the style (replaced whole), or a dynamic code's destination (the
    encoded short URL stays the same).

    Args:
        qr_id (str): A QR code id (qr_…).
        body (QrUpdate): ``title`` for any code; ``data`` (of the code's own type) only for
            dynamic codes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | QrCode]
    """

    kwargs = _get_kwargs(
        qr_id=qr_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    qr_id: str,
    *,
    client: AuthenticatedClient,
    body: QrUpdate,
) -> Problem | QrCode | None:
    """Update a QR code

     Change the title, the style (replaced whole), or a dynamic code's destination (the
    encoded short URL stays the same).

    Args:
        qr_id (str): A QR code id (qr_…).
        body (QrUpdate): ``title`` for any code; ``data`` (of the code's own type) only for
            dynamic codes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | QrCode
    """

    return (
        await asyncio_detailed(
            qr_id=qr_id,
            client=client,
            body=body,
        )
    ).parsed
