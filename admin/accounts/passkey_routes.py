"""/v1/users/me/passkeys: list, rename and remove the caller's passkeys.

Adding one takes a browser (``navigator.credentials.create``): the dashboard's account
page does it (admin/web/passkey_pages.py), as signing in with one is the login page's.
"""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, delete, get, patch
from litestar.params import Parameter

from admin.accounts.passkeys import Passkey, PasskeyList, PasskeyRename, PasskeyService
from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal

PasskeyId = Annotated[str, Parameter(description="A passkey id (pk_…).", max_length=64)]


class PasskeyController(Controller):
    path = "/v1/users/me/passkeys"
    tags = ["account"]

    @get(
        "/",
        opt={"scope": "account:read"},
        responses=problems(401, 403),
        operation_id="listPasskeys",
        summary="List the calling person's passkeys",
    )
    async def list_passkeys(self, principal: Principal, passkeys: PasskeyService) -> PasskeyList:
        """The person's passkeys, oldest first: name, transports, when added and last
        used. A dashboard session or an access token; an API key is refused (403)."""
        return await passkeys.list(principal)

    @patch(
        "/{passkey_id:str}",
        dto=JsonBody[PasskeyRename],
        return_dto=None,
        opt={"scope": "account:read"},
        responses=problems(400, 401, 403, 404, 422),
        operation_id="updatePasskey",
        summary="Rename a passkey",
    )
    async def rename_passkey(
        self,
        passkey_id: PasskeyId,
        data: PasskeyRename,
        principal: Principal,
        passkeys: PasskeyService,
    ) -> Passkey:
        """Give one of the person's passkeys a new name."""
        return await passkeys.rename(principal, passkey_id, data.name)

    @delete(
        "/{passkey_id:str}",
        opt={"scope": "account:read"},
        responses=problems(401, 403, 404),
        operation_id="deletePasskey",
        summary="Remove a passkey",
    )
    async def remove_passkey(
        self, passkey_id: PasskeyId, principal: Principal, passkeys: PasskeyService
    ) -> None:
        """Remove one of the person's passkeys: it signs in no more. Recorded in the
        audit log of each of the person's workspaces, and e-mailed to them."""
        await passkeys.remove(principal, passkey_id)
