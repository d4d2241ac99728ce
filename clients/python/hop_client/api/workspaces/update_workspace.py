from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.workspace import Workspace
from ...models.workspace_update import WorkspaceUpdate
from ...types import Response


def _get_kwargs(
    workspace_id: str,
    *,
    body: WorkspaceUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/workspaces/{workspace_id}".format(
            workspace_id=quote(str(workspace_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Workspace | None:
    if response.status_code == 200:
        response_200 = Workspace.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Workspace]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    workspace_id: str,
    *,
    client: AuthenticatedClient,
    body: WorkspaceUpdate,
) -> Response[Problem | Workspace]:
    """Rename a workspace

     Change the name or the slug (role `admin` or higher), or require two-factor
    sign-in of every member with `requireMfa` (role `owner`): a member without TOTP or
    a passkey then gets 403 `mfa-required` (naming the workspace) from every request
    with an access token acting in it but enrolment, and the dashboard sends them to
    enrol first. API keys are not held to it.

    Args:
        workspace_id (str): A workspace id (ws_…).
        body (WorkspaceUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Workspace]
    """

    kwargs = _get_kwargs(
        workspace_id=workspace_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    workspace_id: str,
    *,
    client: AuthenticatedClient,
    body: WorkspaceUpdate,
) -> Problem | Workspace | None:
    """Rename a workspace

     Change the name or the slug (role `admin` or higher), or require two-factor
    sign-in of every member with `requireMfa` (role `owner`): a member without TOTP or
    a passkey then gets 403 `mfa-required` (naming the workspace) from every request
    with an access token acting in it but enrolment, and the dashboard sends them to
    enrol first. API keys are not held to it.

    Args:
        workspace_id (str): A workspace id (ws_…).
        body (WorkspaceUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Workspace
    """

    return sync_detailed(
        workspace_id=workspace_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    workspace_id: str,
    *,
    client: AuthenticatedClient,
    body: WorkspaceUpdate,
) -> Response[Problem | Workspace]:
    """Rename a workspace

     Change the name or the slug (role `admin` or higher), or require two-factor
    sign-in of every member with `requireMfa` (role `owner`): a member without TOTP or
    a passkey then gets 403 `mfa-required` (naming the workspace) from every request
    with an access token acting in it but enrolment, and the dashboard sends them to
    enrol first. API keys are not held to it.

    Args:
        workspace_id (str): A workspace id (ws_…).
        body (WorkspaceUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Workspace]
    """

    kwargs = _get_kwargs(
        workspace_id=workspace_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    workspace_id: str,
    *,
    client: AuthenticatedClient,
    body: WorkspaceUpdate,
) -> Problem | Workspace | None:
    """Rename a workspace

     Change the name or the slug (role `admin` or higher), or require two-factor
    sign-in of every member with `requireMfa` (role `owner`): a member without TOTP or
    a passkey then gets 403 `mfa-required` (naming the workspace) from every request
    with an access token acting in it but enrolment, and the dashboard sends them to
    enrol first. API keys are not held to it.

    Args:
        workspace_id (str): A workspace id (ws_…).
        body (WorkspaceUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Workspace
    """

    return (
        await asyncio_detailed(
            workspace_id=workspace_id,
            client=client,
            body=body,
        )
    ).parsed
