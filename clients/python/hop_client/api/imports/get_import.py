from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.import_job import ImportJob
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    import_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/imports/{import_id}".format(
            import_id=quote(str(import_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ImportJob | Problem | None:
    if response.status_code == 200:
        response_200 = ImportJob.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ImportJob | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    import_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ImportJob | Problem]:
    """Get an import

     The job: its status, its counts and why links failed or changed code.

    Args:
        import_id (str): An import id (imp_…).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportJob | Problem]
    """

    kwargs = _get_kwargs(
        import_id=import_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    import_id: str,
    *,
    client: AuthenticatedClient,
) -> ImportJob | Problem | None:
    """Get an import

     The job: its status, its counts and why links failed or changed code.

    Args:
        import_id (str): An import id (imp_…).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportJob | Problem
    """

    return sync_detailed(
        import_id=import_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    import_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ImportJob | Problem]:
    """Get an import

     The job: its status, its counts and why links failed or changed code.

    Args:
        import_id (str): An import id (imp_…).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportJob | Problem]
    """

    kwargs = _get_kwargs(
        import_id=import_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    import_id: str,
    *,
    client: AuthenticatedClient,
) -> ImportJob | Problem | None:
    """Get an import

     The job: its status, its counts and why links failed or changed code.

    Args:
        import_id (str): An import id (imp_…).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportJob | Problem
    """

    return (
        await asyncio_detailed(
            import_id=import_id,
            client=client,
        )
    ).parsed
