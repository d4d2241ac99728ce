from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.live_click import LiveClick
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    link_id: str,
    *,
    last_event_id: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/links/{link_id}/clicks/live".format(
            link_id=quote(str(link_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LiveClick | Problem | None:
    if response.status_code == 200:
        response_200 = LiveClick.from_dict(response.text)

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LiveClick | Problem]:
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
    last_event_id: None | str | Unset = UNSET,
) -> Response[LiveClick | Problem]:
    """Stream a link's clicks as they happen

     The clicks of one link within about a second of their redirect, as Server-Sent
    Events; they count against the workspace's open live streams.

    Args:
        link_id (str):
        last_event_id (None | str | Unset): The `id:` of the last event received: resume after it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LiveClick | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    link_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: None | str | Unset = UNSET,
) -> LiveClick | Problem | None:
    """Stream a link's clicks as they happen

     The clicks of one link within about a second of their redirect, as Server-Sent
    Events; they count against the workspace's open live streams.

    Args:
        link_id (str):
        last_event_id (None | str | Unset): The `id:` of the last event received: resume after it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LiveClick | Problem
    """

    return sync_detailed(
        link_id=link_id,
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    link_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: None | str | Unset = UNSET,
) -> Response[LiveClick | Problem]:
    """Stream a link's clicks as they happen

     The clicks of one link within about a second of their redirect, as Server-Sent
    Events; they count against the workspace's open live streams.

    Args:
        link_id (str):
        last_event_id (None | str | Unset): The `id:` of the last event received: resume after it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LiveClick | Problem]
    """

    kwargs = _get_kwargs(
        link_id=link_id,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    link_id: str,
    *,
    client: AuthenticatedClient,
    last_event_id: None | str | Unset = UNSET,
) -> LiveClick | Problem | None:
    """Stream a link's clicks as they happen

     The clicks of one link within about a second of their redirect, as Server-Sent
    Events; they count against the workspace's open live streams.

    Args:
        link_id (str):
        last_event_id (None | str | Unset): The `id:` of the last event received: resume after it.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LiveClick | Problem
    """

    return (
        await asyncio_detailed(
            link_id=link_id,
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
