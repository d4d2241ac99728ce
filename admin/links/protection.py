"""A link's password as stored: the argon2id hash (the record) and the edge's verifier
(HOP_LINK_PASSWORD_KEY, common/linkpass.py), made at create and at a PATCH."""

from __future__ import annotations

from admin.auth import Passwords
from admin.errors import FieldError, validation
from common.linkpass import LinkPasswords

# (argon2id hash, edge verifier); (None, None) clears the password.
Password = tuple[str | None, str | None]


class LinkProtection:
    def __init__(
        self, passwords: Passwords | None = None, link_passwords: LinkPasswords | None = None
    ) -> None:
        # Without the key, links cannot be given a password.
        self.passwords = passwords
        self.link_passwords = link_passwords

    async def password(self, link_id: str, password: str) -> tuple[str, str]:
        """The argon2id hash and the edge's verifier of a link's password (the verifier
        binds it to the link id)."""
        if self.passwords is None or self.link_passwords is None:
            raise validation(
                [FieldError("password", "password-protected links are not enabled here")]
            )
        with self.passwords.slot() as slot:
            hashed = await slot.hash(password)
        return hashed, self.link_passwords.verifier(link_id, password)
