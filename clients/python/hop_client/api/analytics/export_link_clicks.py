from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.export_link_clicks_format import ExportLinkClicksFormat
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    link_id: str,
    *,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    format_: ExportLinkClicksFormat | Unset = "csv",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: None | str | Unset
    if isinstance(from_, Unset):
        json_from_ = UNSET
    else:
        json_from_ = from_
    params["from"] = json_from_

    json_to: None | str | Unset
    if isinstance(to, Unset):
        json_to = UNSET
    else:
        json_to = to
    params["to"] = json_to

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/links/{link_id}/clicks/export".format(
            link_id=quote(str(link_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> File | Problem | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.text))

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[File | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    link_id: str,
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    format_: ExportLinkClicksFormat | Unset = "csv",
) -> Response[File | Problem]:
    """Export a link's raw clicks

     Every click of the link in [from, to), oldest first, one row (CSV) or line
    (NDJSON) each, streamed: the columns are in docs/analytics.md#raw-clicks-out.

    One click export per account runs at a time (429 with Retry-After otherwise), and
    a server runs only a few exports at once (503 with Retry-After).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date or date-time.
        to (None | str | Unset): ISO 8601 date or date-time.
        format_ (ExportLinkClicksFormat | Unset): csv (the default) or ndjson. Default: 'csv'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        from_=from_,
        to=to,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    link_id: str,
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    format_: ExportLinkClicksFormat | Unset = "csv",
) -> File | Problem | None:
    """Export a link's raw clicks

     Every click of the link in [from, to), oldest first, one row (CSV) or line
    (NDJSON) each, streamed: the columns are in docs/analytics.md#raw-clicks-out.

    One click export per account runs at a time (429 with Retry-After otherwise), and
    a server runs only a few exports at once (503 with Retry-After).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date or date-time.
        to (None | str | Unset): ISO 8601 date or date-time.
        format_ (ExportLinkClicksFormat | Unset): csv (the default) or ndjson. Default: 'csv'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return sync_detailed(
        link_id=link_id,
        client=client,
        from_=from_,
        to=to,
        format_=format_,
    ).parsed


async def asyncio_detailed(
    link_id: str,
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    format_: ExportLinkClicksFormat | Unset = "csv",
) -> Response[File | Problem]:
    """Export a link's raw clicks

     Every click of the link in [from, to), oldest first, one row (CSV) or line
    (NDJSON) each, streamed: the columns are in docs/analytics.md#raw-clicks-out.

    One click export per account runs at a time (429 with Retry-After otherwise), and
    a server runs only a few exports at once (503 with Retry-After).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date or date-time.
        to (None | str | Unset): ISO 8601 date or date-time.
        format_ (ExportLinkClicksFormat | Unset): csv (the default) or ndjson. Default: 'csv'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        from_=from_,
        to=to,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    link_id: str,
    *,
    client: AuthenticatedClient,
    from_: None | str | Unset = UNSET,
    to: None | str | Unset = UNSET,
    format_: ExportLinkClicksFormat | Unset = "csv",
) -> File | Problem | None:
    """Export a link's raw clicks

     Every click of the link in [from, to), oldest first, one row (CSV) or line
    (NDJSON) each, streamed: the columns are in docs/analytics.md#raw-clicks-out.

    One click export per account runs at a time (429 with Retry-After otherwise), and
    a server runs only a few exports at once (503 with Retry-After).

    Args:
        link_id (str):
        from_ (None | str | Unset): ISO 8601 date or date-time.
        to (None | str | Unset): ISO 8601 date or date-time.
        format_ (ExportLinkClicksFormat | Unset): csv (the default) or ndjson. Default: 'csv'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem
    """

    return (
        await asyncio_detailed(
            link_id=link_id,
            client=client,
            from_=from_,
            to=to,
            format_=format_,
        )
    ).parsed
