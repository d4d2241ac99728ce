from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.link_page import LinkPage
from ...models.list_links_archived import ListLinksArchived
from ...models.list_links_sort import ListLinksSort
from ...models.list_links_status import ListLinksStatus
from ...models.list_links_tag_match import ListLinksTagMatch
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    tag: list[str] | Unset = UNSET,
    tag_match: ListLinksTagMatch | Unset = "all",
    status: ListLinksStatus | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    domain: None | str | Unset = UNSET,
    archived: ListLinksArchived | Unset = UNSET,
    external_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    sort: ListLinksSort | Unset = "-created",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_tag: list[str] | Unset = UNSET
    if not isinstance(tag, Unset):
        json_tag = tag

    params["tag"] = json_tag

    json_tag_match: str | Unset = UNSET
    if not isinstance(tag_match, Unset):
        json_tag_match = tag_match

    params["tagMatch"] = json_tag_match

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_q: None | str | Unset
    if isinstance(q, Unset):
        json_q = UNSET
    else:
        json_q = q
    params["q"] = json_q

    json_created_from: None | str | Unset
    if isinstance(created_from, Unset):
        json_created_from = UNSET
    else:
        json_created_from = created_from
    params["createdFrom"] = json_created_from

    json_created_to: None | str | Unset
    if isinstance(created_to, Unset):
        json_created_to = UNSET
    else:
        json_created_to = created_to
    params["createdTo"] = json_created_to

    json_domain: None | str | Unset
    if isinstance(domain, Unset):
        json_domain = UNSET
    else:
        json_domain = domain
    params["domain"] = json_domain

    json_archived: str | Unset = UNSET
    if not isinstance(archived, Unset):
        json_archived = archived

    params["archived"] = json_archived

    json_external_id: None | str | Unset
    if isinstance(external_id, Unset):
        json_external_id = UNSET
    else:
        json_external_id = external_id
    params["externalId"] = json_external_id

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort

    params["sort"] = json_sort

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/links",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LinkPage | Problem | None:
    if response.status_code == 200:
        response_200 = LinkPage.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LinkPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    tag: list[str] | Unset = UNSET,
    tag_match: ListLinksTagMatch | Unset = "all",
    status: ListLinksStatus | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    domain: None | str | Unset = UNSET,
    archived: ListLinksArchived | Unset = UNSET,
    external_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    sort: ListLinksSort | Unset = "-created",
) -> Response[LinkPage | Problem]:
    """List links

     Your links in `sort` order, `limit` per page, filtered (every filter given must
    hold; archived links only when `archived` asks); follow `nextCursor` for the next
    page, with the same filters and sort.

    Args:
        tag (list[str] | Unset): Repeat for several (tag=a&tag=b); see tagMatch.
        tag_match (ListLinksTagMatch | Unset): all (the default): links with every tag given; any:
            with one of them. Default: 'all'.
        status (ListLinksStatus | Unset): active, expired, flagged or blocked: the status the
            resource states.
        q (None | str | Unset): Part of the long URL or short code.
        created_from (None | str | Unset): Created at or after. ISO 8601 date (UTC midnight) or
            date-time.
        created_to (None | str | Unset): Created before. ISO 8601 date (UTC midnight) or date-
            time.
        domain (None | str | Unset): The links on this custom domain (go.brand.com), or `default`:
            those on the default short host.
        archived (ListLinksArchived | Unset): false (the default): archived links are left out;
            true: only archived links; all: both. With externalId and no archived: both.
        external_id (None | str | Unset): The link with this externalId (yours, set on create,
            PATCH or upsert).
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        sort (ListLinksSort | Unset): -created (newest first, the default), created, -clicks (most
            clicked first), clicks; ties by id. Default: '-created'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkPage | Problem]
    """

    kwargs = _get_kwargs(
        tag=tag,
        tag_match=tag_match,
        status=status,
        q=q,
        created_from=created_from,
        created_to=created_to,
        domain=domain,
        archived=archived,
        external_id=external_id,
        limit=limit,
        cursor=cursor,
        sort=sort,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    tag: list[str] | Unset = UNSET,
    tag_match: ListLinksTagMatch | Unset = "all",
    status: ListLinksStatus | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    domain: None | str | Unset = UNSET,
    archived: ListLinksArchived | Unset = UNSET,
    external_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    sort: ListLinksSort | Unset = "-created",
) -> LinkPage | Problem | None:
    """List links

     Your links in `sort` order, `limit` per page, filtered (every filter given must
    hold; archived links only when `archived` asks); follow `nextCursor` for the next
    page, with the same filters and sort.

    Args:
        tag (list[str] | Unset): Repeat for several (tag=a&tag=b); see tagMatch.
        tag_match (ListLinksTagMatch | Unset): all (the default): links with every tag given; any:
            with one of them. Default: 'all'.
        status (ListLinksStatus | Unset): active, expired, flagged or blocked: the status the
            resource states.
        q (None | str | Unset): Part of the long URL or short code.
        created_from (None | str | Unset): Created at or after. ISO 8601 date (UTC midnight) or
            date-time.
        created_to (None | str | Unset): Created before. ISO 8601 date (UTC midnight) or date-
            time.
        domain (None | str | Unset): The links on this custom domain (go.brand.com), or `default`:
            those on the default short host.
        archived (ListLinksArchived | Unset): false (the default): archived links are left out;
            true: only archived links; all: both. With externalId and no archived: both.
        external_id (None | str | Unset): The link with this externalId (yours, set on create,
            PATCH or upsert).
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        sort (ListLinksSort | Unset): -created (newest first, the default), created, -clicks (most
            clicked first), clicks; ties by id. Default: '-created'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkPage | Problem
    """

    return sync_detailed(
        client=client,
        tag=tag,
        tag_match=tag_match,
        status=status,
        q=q,
        created_from=created_from,
        created_to=created_to,
        domain=domain,
        archived=archived,
        external_id=external_id,
        limit=limit,
        cursor=cursor,
        sort=sort,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    tag: list[str] | Unset = UNSET,
    tag_match: ListLinksTagMatch | Unset = "all",
    status: ListLinksStatus | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    domain: None | str | Unset = UNSET,
    archived: ListLinksArchived | Unset = UNSET,
    external_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    sort: ListLinksSort | Unset = "-created",
) -> Response[LinkPage | Problem]:
    """List links

     Your links in `sort` order, `limit` per page, filtered (every filter given must
    hold; archived links only when `archived` asks); follow `nextCursor` for the next
    page, with the same filters and sort.

    Args:
        tag (list[str] | Unset): Repeat for several (tag=a&tag=b); see tagMatch.
        tag_match (ListLinksTagMatch | Unset): all (the default): links with every tag given; any:
            with one of them. Default: 'all'.
        status (ListLinksStatus | Unset): active, expired, flagged or blocked: the status the
            resource states.
        q (None | str | Unset): Part of the long URL or short code.
        created_from (None | str | Unset): Created at or after. ISO 8601 date (UTC midnight) or
            date-time.
        created_to (None | str | Unset): Created before. ISO 8601 date (UTC midnight) or date-
            time.
        domain (None | str | Unset): The links on this custom domain (go.brand.com), or `default`:
            those on the default short host.
        archived (ListLinksArchived | Unset): false (the default): archived links are left out;
            true: only archived links; all: both. With externalId and no archived: both.
        external_id (None | str | Unset): The link with this externalId (yours, set on create,
            PATCH or upsert).
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        sort (ListLinksSort | Unset): -created (newest first, the default), created, -clicks (most
            clicked first), clicks; ties by id. Default: '-created'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LinkPage | Problem]
    """

    kwargs = _get_kwargs(
        tag=tag,
        tag_match=tag_match,
        status=status,
        q=q,
        created_from=created_from,
        created_to=created_to,
        domain=domain,
        archived=archived,
        external_id=external_id,
        limit=limit,
        cursor=cursor,
        sort=sort,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    tag: list[str] | Unset = UNSET,
    tag_match: ListLinksTagMatch | Unset = "all",
    status: ListLinksStatus | Unset = UNSET,
    q: None | str | Unset = UNSET,
    created_from: None | str | Unset = UNSET,
    created_to: None | str | Unset = UNSET,
    domain: None | str | Unset = UNSET,
    archived: ListLinksArchived | Unset = UNSET,
    external_id: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: None | str | Unset = UNSET,
    sort: ListLinksSort | Unset = "-created",
) -> LinkPage | Problem | None:
    """List links

     Your links in `sort` order, `limit` per page, filtered (every filter given must
    hold; archived links only when `archived` asks); follow `nextCursor` for the next
    page, with the same filters and sort.

    Args:
        tag (list[str] | Unset): Repeat for several (tag=a&tag=b); see tagMatch.
        tag_match (ListLinksTagMatch | Unset): all (the default): links with every tag given; any:
            with one of them. Default: 'all'.
        status (ListLinksStatus | Unset): active, expired, flagged or blocked: the status the
            resource states.
        q (None | str | Unset): Part of the long URL or short code.
        created_from (None | str | Unset): Created at or after. ISO 8601 date (UTC midnight) or
            date-time.
        created_to (None | str | Unset): Created before. ISO 8601 date (UTC midnight) or date-
            time.
        domain (None | str | Unset): The links on this custom domain (go.brand.com), or `default`:
            those on the default short host.
        archived (ListLinksArchived | Unset): false (the default): archived links are left out;
            true: only archived links; all: both. With externalId and no archived: both.
        external_id (None | str | Unset): The link with this externalId (yours, set on create,
            PATCH or upsert).
        limit (int | Unset):  Default: 50.
        cursor (None | str | Unset):
        sort (ListLinksSort | Unset): -created (newest first, the default), created, -clicks (most
            clicked first), clicks; ties by id. Default: '-created'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LinkPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            tag=tag,
            tag_match=tag_match,
            status=status,
            q=q,
            created_from=created_from,
            created_to=created_to,
            domain=domain,
            archived=archived,
            external_id=external_id,
            limit=limit,
            cursor=cursor,
            sort=sort,
        )
    ).parsed
