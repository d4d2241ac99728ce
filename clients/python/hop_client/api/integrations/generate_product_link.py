from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.generate_request import GenerateRequest
from ...models.problem import Problem
from ...models.product_link import ProductLink
from ...types import Response


def _get_kwargs(
    integration_id: str,
    product_id: str,
    *,
    body: GenerateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/integrations/{integration_id}/products/{product_id}/generate".format(
            integration_id=quote(str(integration_id), safe=""),
            product_id=quote(str(product_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ProductLink | None:
    if response.status_code == 201:
        response_201 = ProductLink.from_dict(response.json())

        return response_201

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

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())

        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 504:
        response_504 = Problem.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | ProductLink]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    integration_id: str,
    product_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,
) -> Response[Problem | ProductLink]:
    """Generate a product link with copy

     A short link to the product with UTM parameters and copy per channel (201; 200 when
    the product link existed and its copy was written again).

    Args:
        integration_id (str): An integration id (int_…).
        product_id (str): The product's id in the store (digits).
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ProductLink]
    """

    kwargs = _get_kwargs(
        integration_id=integration_id,
        product_id=product_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    integration_id: str,
    product_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,
) -> Problem | ProductLink | None:
    """Generate a product link with copy

     A short link to the product with UTM parameters and copy per channel (201; 200 when
    the product link existed and its copy was written again).

    Args:
        integration_id (str): An integration id (int_…).
        product_id (str): The product's id in the store (digits).
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ProductLink
    """

    return sync_detailed(
        integration_id=integration_id,
        product_id=product_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    integration_id: str,
    product_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,
) -> Response[Problem | ProductLink]:
    """Generate a product link with copy

     A short link to the product with UTM parameters and copy per channel (201; 200 when
    the product link existed and its copy was written again).

    Args:
        integration_id (str): An integration id (int_…).
        product_id (str): The product's id in the store (digits).
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ProductLink]
    """

    kwargs = _get_kwargs(
        integration_id=integration_id,
        product_id=product_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    integration_id: str,
    product_id: str,
    *,
    client: AuthenticatedClient,
    body: GenerateRequest,
) -> Problem | ProductLink | None:
    """Generate a product link with copy

     A short link to the product with UTM parameters and copy per channel (201; 200 when
    the product link existed and its copy was written again).

    Args:
        integration_id (str): An integration id (int_…).
        product_id (str): The product's id in the store (digits).
        body (GenerateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ProductLink
    """

    return (
        await asyncio_detailed(
            integration_id=integration_id,
            product_id=product_id,
            client=client,
            body=body,
        )
    ).parsed
